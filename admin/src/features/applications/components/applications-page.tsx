import {
  type Application,
  type ApplicationFilterQuery,
  type ApplicationStatus,
  applicationStatuses,
  type Locale,
  locales,
  type UpdateApplicationInput,
} from '@cfp/shared';
import '../../../styles/inbox.css';
import './applications-page.css';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../api/validate-token.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteApplication } from '../api/delete-application.ts';
import { useExportApplications } from '../api/export-applications.ts';
import { type ApplicationListQuery, useApplication, useApplicationFacets, useApplications } from '../api/get-applications.ts';
import { useUpdateApplication } from '../api/update-application.ts';
import { fullName, statusLabels } from '../application-labels.ts';
import { type FollowUpDraft, followUpChanges, hasUnsavedChanges, type SaveOutcome, savedFollowUp } from '../follow-up-draft.ts';
import { ApplicationDetails } from './application-details.tsx';
import { ApplicationFilters } from './application-filters.tsx';
import { ApplicationList } from './application-list.tsx';
import { ApplicationSearch } from './application-search.tsx';
import { UnsavedFollowUpDialog } from './unsaved-follow-up-dialog.tsx';

/** The view the URL holds (?q=…&programme=…&status=…&intake=…&language=…&page=…); an unknown status or language is no filter. */
function readQuery(params: URLSearchParams): ApplicationListQuery {
  const status = params.get('status');
  const language = params.get('language');
  return {
    q: params.get('q') || undefined,
    programme: params.get('programme') || undefined,
    status: applicationStatuses.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : undefined,
    intake: params.get('intake') || undefined,
    language: locales.includes(language as Locale) ? (language as Locale) : undefined,
    page: Number(params.get('page')) || undefined,
  };
}

const plural = (count: number) => `${count} ${count === 1 ? 'application' : 'applications'}`;

/** "Saved: status Enrolled and the note." */
function savedText(changes: UpdateApplicationInput): string {
  const parts = [
    changes.status && `status ${statusLabels[changes.status]}`,
    changes.note !== undefined && (changes.note ? 'the note' : 'the note removed'),
  ].filter(Boolean);
  return `Saved: ${parts.join(' and ')}.`;
}

/** Pre-enrolments: students who asked to join a programme, followed from first call to enrolment. */
export function ApplicationsPage() {
  const { data: user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readQuery(searchParams);
  const { page: _page, ...viewFilters } = filters;
  const searching = Boolean(filters.q || filters.programme || filters.status || filters.intake || filters.language);
  const facets = useApplicationFacets();
  const applications = useApplications(filters);
  const updateApplication = useUpdateApplication();
  const deleteApplication = useDeleteApplication();
  const exportCsv = useExportApplications();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [flash, showFlash] = useFlashMessage(3000);
  const [drafts, setDrafts] = useState(() => new Map<number, FollowUpDraft>());
  const [outcome, setOutcome] = useState<{ id: number; outcome: SaveOutcome } | null>(null);
  const [pendingMove, setPendingMove] = useState<(() => void) | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listPane = useRef<HTMLDivElement>(null);
  const readerPane = useRef<HTMLDivElement>(null);
  const lastOpenId = useRef<number | null>(null);
  const [focusList, setFocusList] = useState(false);

  const openId = Number(searchParams.get('open')) || null;
  const open = useApplication(openId).data ?? null;
  const draft = open ? (drafts.get(open._id) ?? savedFollowUp(open)) : null;
  const unsaved = Boolean(open && draft && hasUnsavedChanges(draft, open));

  const setDraft = (id: number, next: FollowUpDraft | null) =>
    setDrafts((current) => {
      const copy = new Map(current);
      if (next) copy.set(id, next);
      else copy.delete(id);
      return copy;
    });

  const update = (changes: ApplicationListQuery & { open?: number | null }, replace = false) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, String(value));
      else next.delete(key);
    }
    setSearchParams(next, { replace, preventScrollReset: true });
  };
  /** Leaving the open application: asked first when its follow-up has unsaved changes. */
  const leave = (move: () => void) => (unsaved ? setPendingMove(() => move) : move());
  const openApplication = (id: number | null) => {
    if (id !== openId) leave(() => update({ open: id }, Boolean(openId)));
  };
  const applicationHref = (id: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('open', String(id));
    return `?${next}`;
  };
  const changeView = (changes: ApplicationFilterQuery) => leave(() => update({ page: undefined, ...changes }, true));

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
    if (!focusList || openId) return;
    listHeading.current?.focus();
    setFocusList(false);
  }, [focusList, openId]);

  const saveFollowUp = (application: Application, then?: () => void) => {
    const current = drafts.get(application._id);
    if (!current) return then?.();
    const changes = followUpChanges(current, application);
    updateApplication.mutate(
      { id: application._id, input: changes },
      {
        onSuccess: () => {
          setDraft(application._id, null);
          setOutcome({ id: application._id, outcome: { kind: 'saved', text: savedText(changes) } });
          then?.();
        },
        onError: (error) =>
          setOutcome({
            id: application._id,
            outcome: { kind: 'error', text: `Not saved: ${errorMessage(error, 'the application could not be updated')}` },
          }),
      },
    );
  };

  const confirmDelete = (application: Application) =>
    deleteApplication.mutate(application._id, {
      onSuccess: (answer) => {
        showFlash('success', answer.message);
        setDraft(application._id, null);
        setFocusList(true);
        update({ open: null }, true);
      },
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to delete the application')),
      onSettled: () => setConfirmingDelete(false),
    });

  const page = applications.data;
  const counts = facets.data;
  return (
    <section className={openId ? 'inbox inbox--reading' : 'inbox'}>
      <PageHeader
        title="Applications"
        description={
          counts
            ? `Pre-enrolments from the site: ${counts.statuses.new} new of ${counts.total}.`
            : 'Pre-enrolments from the site.'
        }
        actions={
          <button
            type="button"
            className="button button--secondary"
            onClick={() => exportCsv.mutate(viewFilters)}
            disabled={exportCsv.isPending || page?.total === 0}
          >
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        }
      />
      {exportCsv.isError && <Alert kind="error">{errorMessage(exportCsv.error, 'Failed to export the applications')}</Alert>}
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <div className="application-view">
        <ApplicationSearch value={filters.q ?? ''} onSearch={(q) => changeView({ q: q || undefined })} />
        <ApplicationFilters facets={counts} value={filters} onChange={changeView} />
      </div>
      {applications.isPending && <Spinner label="Loading applications..." />}
      {applications.isError && <Alert kind="error">{errorMessage(applications.error, 'Error fetching applications')}</Alert>}
      {page && (
        <div className="inbox__panes">
          <div className="inbox__list-pane" ref={listPane}>
            <h2 className="applications__count" ref={listHeading} tabIndex={-1}>
              {filters.q ? `${plural(page.total)} for “${filters.q}”` : plural(page.total)}
            </h2>
            <ApplicationList
              visible={page.items}
              filtered={searching}
              openId={openId}
              unsavedIds={[...drafts.keys()]}
              onOpen={openApplication}
            />
            <Pager
              label="Applications"
              page={page.page}
              pageSize={page.pageSize}
              total={page.total}
              onPage={(next) => leave(() => update({ page: next > 1 ? next : undefined }))}
            />
          </div>
          <div className="inbox__reader" ref={readerPane}>
            {open && draft ? (
              <ApplicationDetails
                application={open}
                links={{ href: applicationHref, onOpen: openApplication }}
                canDelete={user?.role === 'superAdmin'}
                followUp={{
                  draft,
                  unsaved,
                  saving: updateApplication.isPending,
                  outcome: outcome?.id === open._id ? outcome.outcome : null,
                  onChange: (next) => {
                    setOutcome(null);
                    setDraft(open._id, hasUnsavedChanges(next, open) ? next : null);
                  },
                  onSave: () => saveFollowUp(open),
                }}
                onBack={() => openApplication(null)}
                onDelete={() => setConfirmingDelete(true)}
              />
            ) : openId ? (
              <Spinner label="Loading the application..." />
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
      {open && pendingMove && (
        <UnsavedFollowUpDialog
          name={fullName(open)}
          saving={updateApplication.isPending}
          error={outcome?.id === open._id && outcome.outcome.kind === 'error' ? outcome.outcome.text : null}
          onSave={() =>
            saveFollowUp(open, () => {
              setPendingMove(null);
              pendingMove();
            })
          }
          onDiscard={() => {
            setDraft(open._id, null);
            setPendingMove(null);
            pendingMove();
          }}
          onStay={() => setPendingMove(null)}
        />
      )}
      <UnsavedChangesPrompt when={unsaved} />
    </section>
  );
}
