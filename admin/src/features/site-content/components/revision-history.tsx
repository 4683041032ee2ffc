import type { ContentChange, ContentRevision, ContentSaveResponse } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRevertContent } from '../api/revert-content.ts';

interface RevisionHistoryProps {
  revision: ContentRevision;
  /** Only a superAdmin may undo a change. */
  canUndo: boolean;
  /** Unsaved typing, which an undo discards: the dialog says so. */
  dirty: boolean;
  onUndone: (outcome: ContentSaveResponse) => void;
}

function ChangeTime({ change }: { change: ContentChange }) {
  return <time dateTime={change.date}>{formatDateTime(change.date)}</time>;
}

function undoMessage(change: ContentChange, dirty: boolean): string {
  const undone = `“${change.message}” (${change.author}, ${formatDateTime(change.date)}) will be reversed by a new change, and the site will follow.`;
  return dirty ? `${undone} What you typed here and did not save will be discarded.` : undone;
}

/** Who changed these values last, and the last changes, each of which a superAdmin can undo. */
export function RevisionHistory({ revision, canUndo, dirty, onUndone }: RevisionHistoryProps) {
  const [undoing, setUndoing] = useState<ContentChange | null>(null);
  const revert = useRevertContent();
  const [last] = revision.history;

  const confirmUndo = (change: ContentChange) =>
    revert.mutate(change.commit, {
      onSuccess: onUndone,
      onSettled: () => setUndoing(null),
    });

  return (
    <div className="revision">
      <p className="revision__last">
        {last ? (
          <>
            Last changed by {last.author} on <ChangeTime change={last} />
          </>
        ) : (
          'No change recorded yet.'
        )}
      </p>
      {revision.history.length > 0 && (
        <details className="revision__history disclosure-marker">
          <summary>History</summary>
          <ol className="revision__list">
            {revision.history.map((change) => (
              <li key={change.commit} className="revision__change">
                <span className="revision__message">{change.message}</span>
                <span className="revision__meta">
                  {change.author}, <ChangeTime change={change} />
                </span>
                {canUndo && (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`Undo “${change.message}”, ${formatDateTime(change.date)}`}
                    onClick={() => setUndoing(change)}
                  >
                    Undo
                  </button>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      {revert.isError && <Alert kind="error">{errorMessage(revert.error, 'The change could not be undone.')}</Alert>}
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
