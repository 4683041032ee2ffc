import { adminMessages, type Subscriber, staffLanguageLabels, subscriberStatusLabels } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteSubscriber } from '../api/delete-subscriber.ts';
import { useExportSubscribers } from '../api/export-subscribers.ts';
import { useSubscribers } from '../api/get-subscribers.ts';

export function SubscribersPage() {
  const [page, setPage] = usePageParam();
  const subscribers = useSubscribers({ page });
  const confirmed = useSubscribers({ status: 'confirmed' }).data?.total ?? 0;
  const deleteSubscriber = useDeleteSubscriber();
  const exportCsv = useExportSubscribers();
  const [pendingDelete, setPendingDelete] = useState<Subscriber | null>(null);
  const [flash, showFlash] = useFlashMessage(3000);

  const confirmDelete = (subscriber: Subscriber) =>
    deleteSubscriber.mutate(subscriber._id, {
      onSuccess: () => showFlash('success', adminMessages.subscriberDeleted),
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to delete subscriber')),
      onSettled: () => setPendingDelete(null),
    });

  return (
    <section>
      <PageHeader
        title="Subscribers"
        description="Manage newsletter subscribers"
        actions={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending || subscribers.data?.total === 0}
          >
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exportCsv.isError && <Alert kind="error">{errorMessage(exportCsv.error, 'Failed to export subscribers')}</Alert>}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {subscribers.isPending && <Spinner label="Loading subscribers..." />}
      {subscribers.isError && <Alert kind="error">{errorMessage(subscribers.error, 'Error fetching subscribers')}</Alert>}
      {subscribers.data &&
        (subscribers.data.total === 0 ? (
          <p className="empty-state">No subscribers yet.</p>
        ) : (
          <>
            <p className="toolbar__count">
              {subscribers.data.total} subscribers, {confirmed} confirmed
            </p>
            {subscribers.data.items.some((subscriber) => subscriber.bouncing) && (
              <p className="field__hint">
                Bouncing: the address's mail server refused the newsletter on three sends in a row, so it no longer gets it. Ask
                the person for another address, or delete it.
              </p>
            )}
            <div className="table-wrap">
              <table className="data-table">
                <caption className="visually-hidden">Newsletter subscribers</caption>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Status</th>
                    <th scope="col">Language</th>
                    <th scope="col">Subscribed On</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {subscribers.data.items.map((subscriber) => (
                    <tr key={subscriber._id}>
                      <td className="data-table__title data-table__wrap" data-label="Email">
                        <span className="data-table__primary">{subscriber.email}</span>
                      </td>
                      <td data-label="Status">
                        <span className={`badge badge--${subscriber.status}`}>{subscriberStatusLabels[subscriber.status]}</span>
                        {subscriber.bouncing && (
                          <>
                            {' '}
                            <span className="badge badge--failed">Bouncing</span>
                          </>
                        )}
                      </td>
                      <td data-label="Language">{staffLanguageLabels[subscriber.language]}</td>
                      <td data-label="Subscribed On">
                        <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
                      </td>
                      <td data-label="Actions" className="data-table__actions">
                        <button
                          aria-label={`Delete ${subscriber.email}`}
                          type="button"
                          className="button button--small button--danger-outline"
                          onClick={() => setPendingDelete(subscriber)}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="Subscribers"
              page={page}
              pageSize={subscribers.data.pageSize}
              total={subscribers.data.total}
              onPage={setPage}
            />
          </>
        ))}
      {pendingDelete && (
        <ConfirmDialog
          title="Confirm Delete"
          message="Are you sure you want to delete this subscriber? This action cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteSubscriber.isPending}
          onConfirm={() => confirmDelete(pendingDelete)}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </section>
  );
}
