import {
  type NewsletterCounts,
  type NewsletterSend,
  newsletterRecipientStatuses,
  newsletterRecipientStatusLabels,
  staffLanguageLabels,
} from '@cfp/shared';
import { Fragment, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useNewsletterSend } from '../api/get-newsletter.ts';
import { useCancelNewsletterSend } from '../api/send-newsletter.ts';

const stateLabels: Record<NewsletterSend['state'], string> = { sending: 'Sending', done: 'Sent', cancelled: 'Cancelled' };
const stateBadges: Record<NewsletterSend['state'], string> = { sending: 'publishing', done: 'published', cancelled: 'draft' };

/** The counts besides those sent (said before it) that are not zero, in the staff's words: "Queued 560 · Retrying 18". */
function countsLine(counts: NewsletterCounts): string {
  return newsletterRecipientStatuses
    .filter((status) => status !== 'sent' && counts[status] > 0)
    .map((status) => `${newsletterRecipientStatusLabels[status]} ${counts[status].toLocaleString('en-GB')}`)
    .join(' · ');
}

const failureCount = (counts: NewsletterCounts) => counts.deferred + counts.failed + counts.bounced;

/** The recipients of one send whose e-mail failed or is retried, with what their server answered. */
function SendFailures({ id }: { id: number }) {
  const detail = useNewsletterSend(id);
  if (detail.isPending) return <Spinner label="Loading the failures..." />;
  if (detail.isError) return <Alert kind="error">{errorMessage(detail.error, 'Failed to load the failures')}</Alert>;
  if (detail.data.failures.length === 0) return <p className="empty-state">No failure.</p>;
  return (
    <ul className="newsletter__failures">
      {detail.data.failures.map((failure) => (
        <li key={failure.email}>
          <span className="newsletter__failure-address">{failure.email}</span>{' '}
          <span className={`badge badge--${failure.status === 'deferred' ? 'pending' : 'failed'}`}>
            {newsletterRecipientStatusLabels[failure.status]}
          </span>{' '}
          <span className="newsletter__failure-meta">
            {staffLanguageLabels[failure.language]}, {failure.attempts} attempt{failure.attempts === 1 ? '' : 's'}
          </span>
          <code className="newsletter__smtp-answer">{failure.smtpAnswer}</code>
        </li>
      ))}
    </ul>
  );
}

/** Every send, newest first: what, who, when, where it stands (live while it runs), its failures, and a cancel while it runs. */
export function NewsletterSends({ sends, canCancel }: { sends: NewsletterSend[]; canCancel: boolean }) {
  const [opened, setOpened] = useState<number>();
  const [cancelling, setCancelling] = useState<NewsletterSend | null>(null);
  const cancel = useCancelNewsletterSend();
  const [flash, showFlash] = useFlashMessage(5000);

  const confirmCancel = (send: NewsletterSend) =>
    cancel.mutate(send._id, {
      onSuccess: (stopped) =>
        showFlash('success', `Cancelled: ${stopped.counts.cancelled.toLocaleString('en-GB')} e-mails will not be sent.`),
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to cancel the send')),
      onSettled: () => setCancelling(null),
    });

  return (
    <section className="panel newsletter__sends" aria-labelledby="newsletter-sends-title">
      <h2 id="newsletter-sends-title">Sent newsletters</h2>
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {sends.length === 0 ? (
        <p className="empty-state">Nothing has been sent yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Sent newsletters, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Sent by</th>
                <th scope="col">Started</th>
                <th scope="col">Delivery</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {sends.map((send) => {
                const done = send.counts.sent + send.counts.failed + send.counts.bounced;
                const failures = failureCount(send.counts);
                return (
                  <Fragment key={send._id}>
                    <tr>
                      <td className="data-table__title data-table__wrap" data-label="Subject">
                        <span className="data-table__primary">{send.subject}</span>
                        <span className="newsletter__kind-label">{send.kind === 'post' ? 'Post' : 'Announcement'}</span>
                      </td>
                      <td data-label="Sent by">{send.sentBy || 'A deleted admin'}</td>
                      <td data-label="Started">
                        <time dateTime={send.createdAt}>{formatDateTime(send.createdAt)}</time>
                      </td>
                      <td data-label="Delivery" className="newsletter__delivery">
                        <span className={`badge badge--${stateBadges[send.state]}`}>{stateLabels[send.state]}</span>{' '}
                        <span>
                          {send.counts.sent.toLocaleString('en-GB')} of {send.recipients.toLocaleString('en-GB')} sent
                        </span>
                        <progress
                          className="newsletter__progress"
                          max={send.recipients}
                          value={done}
                          aria-label={`${send.subject}: ${done} of ${send.recipients} handled`}
                        />
                        {countsLine(send.counts) && <span className="newsletter__counts">{countsLine(send.counts)}</span>}
                      </td>
                      <td data-label="Actions" className="data-table__actions">
                        {failures > 0 && (
                          <button
                            type="button"
                            className="button button--small button--secondary"
                            aria-expanded={opened === send._id}
                            onClick={() => setOpened(opened === send._id ? undefined : send._id)}
                          >
                            Failures ({failures.toLocaleString('en-GB')})
                          </button>
                        )}
                        {canCancel && send.state === 'sending' && (
                          <button
                            type="button"
                            className="button button--small button--danger-outline"
                            aria-label={`Cancel sending ${send.subject}`}
                            onClick={() => setCancelling(send)}
                          >
                            Cancel
                          </button>
                        )}
                      </td>
                    </tr>
                    {opened === send._id && (
                      <tr className="newsletter__failures-row">
                        <td colSpan={5}>
                          <SendFailures id={send._id} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {cancelling && (
        <ConfirmDialog
          title="Cancel the send?"
          message={`The e-mails of “${cancelling.subject}” not sent yet will not be sent. Those already sent stay sent.`}
          confirmLabel="Cancel the send"
          cancelLabel="Keep sending"
          busyLabel="Cancelling..."
          busy={cancel.isPending}
          onConfirm={() => confirmCancel(cancelling)}
          onCancel={() => setCancelling(null)}
        />
      )}
    </section>
  );
}
