import { type Application, type ApplicationStatus, applicationStatuses } from '@cfp/shared';
import '../../messages/components/messages-page.css';
import './applications-page.css';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/validate-token.ts';
import { useDeleteApplication } from '../api/delete-application.ts';
import { useExportApplications } from '../api/export-applications.ts';
import { type ApplicationFilters as Filters, useApplication, useApplications } from '../api/get-applications.ts';
import { useUpdateApplication } from '../api/update-application.ts';
import { fullName, statusLabels } from '../application-labels.ts';
import { ApplicationDetails } from './application-details.tsx';
import { ApplicationFilters } from './application-filters.tsx';
import { ApplicationList } from './application-list.tsx';

/** The filters the URL holds (?programme=…&status=…&intake=…); an unknown status is no filter. */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status');
  return {
    programme: params.get('programme') || undefined,
    status: applicationStatuses.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : undefined,
    intake: params.get('intake') || undefined,
  };
}

const plural = (count: number) => `${count} ${count === 1 ? 'application' : 'applications'}`;

/** Pre-enrolments: students who asked to join a programme, followed from first call to enrolment. */
export function ApplicationsPage() {
  const { data: user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const filtered = Boolean(filters.programme || filters.status || filters.intake);
  const all = useApplications();
  const applications = useApplications(filters);
  const updateApplication = useUpdateApplication();
  const deleteApplication = useDeleteApplication();
  const exportCsv = useExportApplications();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [flash, showFlash] = useFlashMessage(3000);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listPane = useRef<HTMLDivElement>(null);
  const readerPane = useRef<HTMLDivElement>(null);
  const lastOpenId = useRef<number | null>(null);
  const [focusList, setFocusList] = useState(false);

  const visible = applications.data?.items ?? [];
  const openId = Number(searchParams.get('open')) || null;
  const open = useApplication(openId).data ?? null;
  const newCount = all.data?.items.filter((application) => application.status === 'new').length ?? 0;

  const update = (changes: Filters & { open?: number | null }, replace = false) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, String(value));
      else next.delete(key);
    }
    setSearchParams(next, { replace, preventScrollReset: true });
  };
  const openApplication = (id: number | null) => update({ open: id }, Boolean(openId));

  // On a phone the list and the details take turns: the button just pressed disappears, so
  // focus (and the view) moves to what replaced it, the details' heading or the item left.
  // The details load by id: what counts is the application shown, once it is there.
  const shownId = open?._id ?? null;
  useEffect(() => {
    const previous = lastOpenId.current;
    lastOpenId.current = shownId;
    if (previous === shownId) return;
    const hidden = (pane: HTMLElement | null) => pane !== null && getComputedStyle(pane).display === 'none';
    if (shownId && hidden(listPane.current)) document.getElementById('application-title')?.focus();
    if (!shownId && previous && hidden(readerPane.current)) {
      listPane.current?.querySelector<HTMLElement>(`[data-application="${previous}"]`)?.focus();
    }
  }, [shownId]);

  // After a deletion the details are gone: focus goes to the list's heading, not to the page's start.
  useEffect(() => {
    if (!focusList || open) return;
    listHeading.current?.focus();
    setFocusList(false);
  }, [focusList, open]);

  const save = (application: Application, input: { status?: ApplicationStatus; note?: string }, success: string) =>
    updateApplication.mutate(
      { id: application._id, input },
      {
        onSuccess: () => showFlash('success', success),
        onError: (error) => showFlash('error', errorMessage(error, 'Failed to update the application')),
      },
    );

  const confirmDelete = (application: Application) =>
    deleteApplication.mutate(application._id, {
      onSuccess: (answer) => {
        showFlash('success', answer.message);
        setFocusList(true);
        openApplication(null);
      },
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to delete the application')),
      onSettled: () => setConfirmingDelete(false),
    });

  return (
    <section className={open ? 'inbox inbox--reading' : 'inbox'}>
      <PageHeader
        title="Applications"
        description={
          all.data ? `Pre-enrolments from the site: ${newCount} new of ${all.data.total}.` : 'Pre-enrolments from the site.'
        }
        actions={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => exportCsv.mutate(filters)}
            disabled={exportCsv.isPending || visible.length === 0}
          >
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exportCsv.isError && <Alert kind="error">{errorMessage(exportCsv.error, 'Failed to export the applications')}</Alert>}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      {all.data && <ApplicationFilters all={all.data.items} value={filters} onChange={(next) => update(next, true)} />}
      {applications.isPending && <Spinner label="Loading applications..." />}
      {applications.isError && <Alert kind="error">{errorMessage(applications.error, 'Error fetching applications')}</Alert>}
      {applications.data && (
        <div className="inbox__panes">
          <div className="inbox__list-pane" ref={listPane}>
            <h2 className="applications__count" ref={listHeading} tabIndex={-1}>
              {plural(applications.data.total)}
            </h2>
            <ApplicationList visible={visible} filtered={filtered} openId={openId} onOpen={openApplication} />
          </div>
          <div className="inbox__reader" ref={readerPane}>
            {open ? (
              <ApplicationDetails
                application={open}
                saving={updateApplication.isPending}
                canDelete={user?.role === 'superAdmin'}
                onBack={() => openApplication(null)}
                onStatus={(status) => save(open, { status }, `Status changed to ${statusLabels[status]}`)}
                onNote={(note) => save(open, { note }, 'Note saved')}
                onDelete={() => setConfirmingDelete(true)}
              />
            ) : (
              <p className="inbox__placeholder">Select an application to see it.</p>
            )}
          </div>
        </div>
      )}
      {open && confirmingDelete && (
        <ConfirmDialog
          title="Delete application"
          message={`Are you sure you want to delete the application ${open.reference} from ${fullName(open)}? This action cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteApplication.isPending}
          onConfirm={() => confirmDelete(open)}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}
