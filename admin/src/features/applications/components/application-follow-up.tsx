import { type Application, type ApplicationStatus, applicationLimits, applicationStatuses } from '@cfp/shared';
import { type FormEvent, useId } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { statusLabels } from '../application-labels.ts';
import type { FollowUpDraft, SaveOutcome } from '../follow-up-draft.ts';

export interface FollowUpProps {
  application: Application;
  /** What the staff member has chosen and typed, saved or not (the page keeps it across applications). */
  draft: FollowUpDraft;
  unsaved: boolean;
  saving: boolean;
  /** The last save's answer, said beside the button that asked for it. */
  outcome: SaveOutcome | null;
  onChange: (draft: FollowUpDraft) => void;
  onSave: () => void;
}

/**
 * Where staff record what they did: the status (who changed it, when) and a note only they read,
 * saved together. The button stays focusable while saving or with nothing to save, so focus
 * never falls back to the page's start, and the answer is announced beside it.
 */
export function ApplicationFollowUp({ application, draft, unsaved, saving, outcome, onChange, onSave }: FollowUpProps) {
  const id = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (unsaved && !saving) onSave();
  };

  return (
    <section className="follow-up" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Follow-up</h3>
      <form className="follow-up__form" onSubmit={save}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(event) => onChange({ ...draft, status: event.target.value as ApplicationStatus })}
            aria-describedby={application.statusChangedBy ? `${id}-changed` : undefined}
          >
            {applicationStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
          {application.statusChangedBy && (
            <p className="field__hint" id={`${id}-changed`}>
              Changed by {application.statusChangedBy} on{' '}
              <time dateTime={application.statusChangedAt ?? undefined}>{formatDateTime(application.statusChangedAt)}</time>
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            Note
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={applicationLimits.note}
            value={draft.note}
            onChange={(event) => onChange({ ...draft, note: event.target.value })}
            aria-describedby={`${id}-note-hint`}
          />
          <p className="field__hint" id={`${id}-note-hint`}>
            Seen by the staff only, and in the CSV export.
          </p>
        </div>
        <div className="follow-up__actions">
          <button type="submit" className="button" aria-disabled={!unsaved || saving}>
            {saving ? 'Saving...' : 'Save follow-up'}
          </button>
          <p className={`follow-up__outcome follow-up__outcome--${outcome?.kind ?? 'none'}`} role="status">
            {!saving && outcome?.text}
          </p>
          {unsaved && !saving && <p className="follow-up__unsaved">Not saved yet</p>}
        </div>
      </form>
    </section>
  );
}
