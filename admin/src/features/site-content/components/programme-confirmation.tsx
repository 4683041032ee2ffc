import type { ContentSaveResponse, ProgrammeGap, ProgrammeSummary } from '@cfp/shared';
import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConfirmProgrammes } from '../api/confirm-programmes.ts';
import { SaveOutcome } from './save-outcome.tsx';

export const gapWords: Record<ProgrammeGap, string> = {
  fees: 'fees',
  intakes: 'intakes',
  enrolmentDocuments: 'documents',
  scheduleHours: 'days and hours',
};

/** ['fees', 'intakes'] → "fees and intakes". */
export function gapsInWords(gaps: readonly ProgrammeGap[]): string {
  const words = gaps.map((gap) => gapWords[gap]);
  const last = words.pop() ?? '';
  return words.length > 0 ? `${words.join(', ')} and ${last}` : last;
}

/** A programme the centre can confirm from the list: not confirmed yet, nothing missing. */
export const canConfirm = (programme: ProgrammeSummary) => !programme.confirmed && programme.gaps.length === 0;

/** "31 of 39 confirmed", and a bar. */
export function ConfirmationProgress({ programmes }: { programmes: readonly ProgrammeSummary[] }) {
  const confirmed = programmes.filter((programme) => programme.confirmed).length;
  const said = `${confirmed} of ${programmes.length} confirmed`;
  return (
    <div className="confirmation-progress">
      <p className="confirmation-progress__text" id="confirmation-progress">
        {said}
      </p>
      <progress
        className="confirmation-progress__bar"
        max={programmes.length}
        value={confirmed}
        aria-labelledby="confirmation-progress"
      />
    </div>
  );
}

interface SelectBoxProps {
  programme: ProgrammeSummary;
  selected: boolean;
  onToggle: (slug: string, selected: boolean) => void;
}

/** The box that selects an unconfirmed programme to confirm; disabled, with why, while facts are missing. */
export function SelectBox({ programme, selected, onToggle }: SelectBoxProps) {
  if (programme.confirmed) return <span className="programme-select" />;
  const id = `confirm-${programme.slug}`;
  const ready = programme.gaps.length === 0;
  const reason = ready ? undefined : `Fill in ${gapsInWords(programme.gaps)} first`;
  // The label is the whole 44 px cell, for a finger; the reason is its description, not its name.
  return (
    <label className="programme-select" title={reason}>
      <input
        type="checkbox"
        checked={selected}
        disabled={!ready}
        aria-describedby={reason ? `${id}-reason` : undefined}
        onChange={(event) => onToggle(programme.slug, event.target.checked)}
      />
      <span className="visually-hidden">Select {programme.title} to confirm</span>
      {reason && (
        <span id={`${id}-reason`} className="visually-hidden" aria-hidden="true">
          {reason}
        </span>
      )}
    </label>
  );
}

interface ConfirmSelectedProps {
  programmes: readonly ProgrammeSummary[];
  version: string;
  selected: ReadonlySet<string>;
  onConfirmed: () => void;
}

/** "Confirm N selected": asks first, then confirms them in one commit and says so. */
export function ConfirmSelected({ programmes, version, selected, onConfirmed }: ConfirmSelectedProps) {
  const confirm = useConfirmProgrammes();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<ContentSaveResponse | null>(null);
  const chosen = programmes.filter((programme) => selected.has(programme.slug));
  const titles = chosen.map((programme) => programme.title).join(', ');

  const confirmChosen = () => {
    setOutcome(null);
    confirm.mutate(
      { slugs: chosen.map((programme) => programme.slug), version },
      {
        onSuccess: (response) => {
          setOutcome(response);
          onConfirmed();
        },
        onSettled: () => setAsking(false),
      },
    );
  };

  return (
    <div className="confirm-selected">
      {outcome && <Alert kind="success">{outcome.message}.</Alert>}
      <div className="confirm-selected__outcome" role="status">
        {outcome && <SaveOutcome key={outcome.commit} outcome={outcome} />}
      </div>
      {confirm.isError && !asking && (
        <Alert kind="error">{errorMessage(confirm.error, 'The programmes could not be confirmed.')}</Alert>
      )}
      {programmes.some(canConfirm) && (
        <div className="confirm-selected__bar">
          <p className="confirm-selected__hint">Tick the programmes whose facts the centre has checked.</p>
          <button type="button" className="button" disabled={chosen.length === 0} onClick={() => setAsking(true)}>
            Confirm {chosen.length} selected
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={chosen.length === 1 ? 'Confirm this programme?' : `Confirm ${chosen.length} programmes?`}
          message={`The site will state the facts of ${titles} as confirmed by the centre.`}
          confirmLabel="Confirm"
          busyLabel="Confirming..."
          busy={confirm.isPending}
          danger={false}
          onConfirm={confirmChosen}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}
