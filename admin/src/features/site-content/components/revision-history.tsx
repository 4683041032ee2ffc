import type { ContentRevision, ContentSaveResponse, HistoryEntry } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRevertContent } from '../api/revert-content.ts';

type StaffChange = Extract<HistoryEntry, { kind: 'staff' }>;
type GitChanges = Extract<HistoryEntry, { kind: 'git' }>;

interface RevisionHistoryProps {
  revision: ContentRevision;
  /** Only a superAdmin may undo a change. */
  canUndo: boolean;
  /** Unsaved typing, which an undo discards: the dialog says so. */
  dirty: boolean;
  onUndone: (outcome: ContentSaveResponse) => void;
}

function ChangeTime({ date }: { date: string }) {
  return <time dateTime={date}>{formatDateTime(date)}</time>;
}

function undoMessage(change: StaffChange, dirty: boolean): string {
  const undone = `“${change.message}” (${change.author}, ${formatDateTime(change.date)}) will be reversed by a new change, and the site will follow.`;
  return dirty ? `${undone} What you typed here and did not save will be discarded.` : undone;
}

const inGit = ({ authors, count }: GitChanges) =>
  `Changed in git by ${authors.join(', ')}${count > 1 ? ` (${count} changes)` : ''}`;

/** Who changed these values last: a staff member by name, or the developers in git. */
function LastChange({ entry }: { entry: HistoryEntry | undefined }) {
  if (!entry) return <p className="revision__last">No change recorded yet.</p>;
  const byWhom = entry.kind === 'staff' ? `by ${entry.author}` : `in git by ${entry.authors.join(', ')}`;
  return (
    <p className="revision__last">
      Last changed {byWhom} on <ChangeTime date={entry.date} />
    </p>
  );
}

interface StaffRowProps {
  change: StaffChange;
  canUndo: boolean;
  onUndo: () => void;
  /** Why the last try to undo this change was refused, said beside it. */
  refusal: string | undefined;
}

function StaffRow({ change, canUndo, onUndo, refusal }: StaffRowProps) {
  return (
    <li className="revision__change">
      <span className="revision__message">{change.message}</span>
      <span className="revision__meta">
        {change.author}, <ChangeTime date={change.date} />
      </span>
      {canUndo && change.undoable && (
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Undo “${change.message}”, ${formatDateTime(change.date)}`}
          onClick={onUndo}
        >
          Undo
        </button>
      )}
      {change.fields.length > 0 && (
        <ul className="revision__fields">
          {change.fields.map((field) => (
            <li key={field.label}>
              {field.label}: <del>{field.before}</del> → <ins>{field.after}</ins>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <Alert kind="error">{refusal}. Change the value in the form above and save instead: that keeps the later changes.</Alert>
      )}
    </li>
  );
}

/**
 * Who changed these values last, and the changes made from the admin, each field before → after,
 * each a superAdmin can undo where an undo can work; the commits made in git are folded.
 */
export function RevisionHistory({ revision, canUndo, dirty, onUndone }: RevisionHistoryProps) {
  const [undoing, setUndoing] = useState<StaffChange | null>(null);
  const [refused, setRefused] = useState<{ commit: string; message: string } | null>(null);
  const revert = useRevertContent();

  const confirmUndo = (change: StaffChange) =>
    revert.mutate(change.commit, {
      onSuccess: (outcome) => {
        setRefused(null);
        onUndone(outcome);
      },
      onError: (error) => setRefused({ commit: change.commit, message: errorMessage(error, 'The change could not be undone') }),
      onSettled: () => setUndoing(null),
    });

  return (
    <div className="revision">
      <LastChange entry={revision.history[0]} />
      {revision.history.length > 0 && (
        <details className="revision__history disclosure-marker">
          <summary>History</summary>
          <ol className="revision__list">
            {revision.history.map((entry) =>
              entry.kind === 'staff' ? (
                <StaffRow
                  key={entry.commit}
                  change={entry}
                  canUndo={canUndo}
                  onUndo={() => setUndoing(entry)}
                  refusal={refused?.commit === entry.commit ? refused.message : undefined}
                />
              ) : (
                <li key={`git-${entry.date}`} className="revision__change revision__change--git">
                  <span className="revision__message">{inGit(entry)}</span>
                  <span className="revision__meta">
                    <ChangeTime date={entry.date} />
                  </span>
                </li>
              ),
            )}
          </ol>
        </details>
      )}
      {undoing && (
        <ConfirmDialog
          title="Undo this change?"
          message={undoMessage(undoing, dirty)}
          confirmLabel="Undo"
          busyLabel="Undoing..."
          busy={revert.isPending}
          onConfirm={() => confirmUndo(undoing)}
          onCancel={() => setUndoing(null)}
        />
      )}
    </div>
  );
}
