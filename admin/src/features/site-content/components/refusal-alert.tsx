import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { Refusal } from './use-content-form.ts';

interface RefusalAlertProps {
  refusal: Refusal;
  reloading: boolean;
  onReload: () => void;
}

/**
 * Why a save was refused, at the top of the form (focused when no field is to blame). What was
 * typed stays; reloading, which discards it, happens only when asked and confirmed.
 */
export function RefusalAlert({ refusal, reloading, onReload }: RefusalAlertProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="refusal" tabIndex={-1} data-refusal>
      <Alert kind="error">
        {refusal.message}
        {refusal.unplaced.map((message) => (
          <span className="alert__detail" key={message}>
            {message}
          </span>
        ))}
        <span className="alert__detail">
          {refusal.conflict
            ? 'What you typed is still here. Reload to see the saved version: it discards what you typed.'
            : 'What you typed is still here: correct it and save again.'}
        </span>
      </Alert>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={reloading}
        onClick={() => setConfirming(true)}
      >
        {reloading ? 'Reloading...' : 'Reload'}
      </button>
      {confirming && (
        <ConfirmDialog
          title="Reload the saved version?"
          message="The form will show the values as they are saved now. What you typed here and did not save will be discarded."
          confirmLabel="Reload"
          cancelLabel="Keep my changes"
          onConfirm={() => {
            setConfirming(false);
            onReload();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
