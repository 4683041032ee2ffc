import { type Application, type ApplicationStatus, applicationLimits, applicationStatuses } from '@cfp/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { statusLabels } from '../application-labels.ts';

interface FollowUpProps {
  application: Application;
  saving: boolean;
  onStatus: (status: ApplicationStatus) => void;
  onNote: (note: string) => void;
}

/** Where staff record what they did: the status (who changed it, when) and a note only they read. */
export function ApplicationFollowUp({ application, saving, onStatus, onNote }: FollowUpProps) {
  const id = useId();
  const [status, setStatus] = useState<ApplicationStatus>(application.status);
  const [note, setNote] = useState(application.note ?? '');
  const noteChanged = note.trim() !== (application.note ?? '');
  // A status saved here or changed by someone else (the list refreshes) becomes the choice shown.
  useEffect(() => setStatus(application.status), [application.status]);

  const saveStatus = (event: FormEvent) => {
    event.preventDefault();
    if (status !== application.status) onStatus(status);
  };
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (noteChanged) onNote(note.trim());
  };

  return (
    <section className="follow-up" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Follow-up</h3>
      <form className="follow-up__status" onSubmit={saveStatus}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
            aria-describedby={application.statusChangedBy ? `${id}-changed` : undefined}
          >
            {applicationStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={saving || status === application.status}>
          Change status
        </button>
      </form>
      {application.statusChangedBy && (
        <p className="field__hint follow-up__changed" id={`${id}-changed`}>
          Changed by {application.statusChangedBy} on{' '}
          <time dateTime={application.statusChangedAt ?? undefined}>{formatDateTime(application.statusChangedAt)}</time>
        </p>
      )}
      <form className="follow-up__note" onSubmit={saveNote}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            Note
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={applicationLimits.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${id}-note-hint`}
          />
          <p className="field__hint" id={`${id}-note-hint`}>
            Seen by the staff only, and in the CSV export.
          </p>
        </div>
        <button type="submit" className="button button--secondary" disabled={saving || !noteChanged}>
          Save note
        </button>
      </form>
    </section>
  );
}
