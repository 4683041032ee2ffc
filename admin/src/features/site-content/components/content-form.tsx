import type { ContentPreviewResponse, ContentSaveResponse } from '@cfp/shared';
import type { QueryObserverResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PreviewOutcome } from './preview-outcome.tsx';
import { RefusalAlert } from './refusal-alert.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { SaveOutcome } from './save-outcome.tsx';
import type { ContentFormState, LoadedContent } from './use-content-form.ts';

/** Reads a form's values again; a failed read throws rather than give back the values it had. */
export async function readAgain<Loaded>(refetch: () => Promise<QueryObserverResult<Loaded>>): Promise<Loaded | undefined> {
  const result = await refetch();
  if (result.isError) throw result.error;
  return result.data;
}

interface ContentFormProps<Values extends FieldValues, Output> {
  content: ContentFormState<Values, Output>;
  /** The form's name for screen readers, e.g. "Centre details". */
  label: string;
  canEdit: boolean;
  canUndo: boolean;
  /** Said above a form shown read-only. */
  readOnlyNote?: string;
  reload: () => Promise<LoadedContent<Values> | undefined>;
  /** A second button beside Save: saves, then does something else once saved. */
  saveAndThen?: SaveAndThen;
  children: ReactNode;
}

export interface SaveAndThen {
  label: string;
  afterSave: (outcome: ContentSaveResponse) => void;
}

interface ContentFormActionsProps {
  saving: boolean;
  dirty: boolean;
  outcome: ContentSaveResponse | null;
  previewing: boolean;
  previewed: ContentPreviewResponse | null;
  onPreview: (() => void) | undefined;
  onSaveAndThen?: (() => void) | undefined;
  saveAndThenLabel?: string | undefined;
}

function actionState({ saving, previewing, dirty }: Pick<ContentFormActionsProps, 'saving' | 'previewing' | 'dirty'>) {
  if (saving) return 'Saving…';
  if (previewing) return 'Rendering the preview with the site’s pages: a few seconds…';
  return dirty ? 'You have unsaved changes.' : '';
}

function ContentFormActions({
  saving,
  dirty,
  outcome,
  previewing,
  previewed,
  onPreview,
  onSaveAndThen,
  saveAndThenLabel,
}: ContentFormActionsProps) {
  const busy = saving || previewing;
  return (
    <div className="content-actions">
      <div className="content-actions__outcome" role="status">
        {outcome && <SaveOutcome key={`${outcome.commit}:${outcome.savedAt}`} outcome={outcome} />}
        {previewed && <PreviewOutcome key={previewed.pages.fr} preview={previewed} />}
      </div>
      <div className="content-actions__bar">
        <p className="content-actions__state">{actionState({ saving, previewing, dirty })}</p>
        {onPreview && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onPreview}>
            {previewing ? 'Previewing…' : 'Preview'}
          </button>
        )}
        <button type="submit" className="button" disabled={busy}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        {onSaveAndThen && (
          <button
            type="button"
            className="button button--secondary content-actions__next"
            disabled={busy}
            onClick={onSaveAndThen}
          >
            {saveAndThenLabel}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The frame of the content forms: who changed them last (and undo), why a save was refused,
 * the fields (read-only for whoever may not save them), Save with what became of the save, and
 * the question before leaving with unsaved changes.
 */
export function ContentForm<Values extends FieldValues, Output>({
  content,
  label,
  canEdit,
  canUndo,
  readOnlyNote,
  reload,
  saveAndThen,
  children,
}: ContentFormProps<Values, Output>) {
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);

  const reloadAndReplace = async () => {
    setReloading(true);
    setReloadError(null);
    try {
      const fresh = await reload();
      if (fresh) content.replace(fresh);
    } catch (error) {
      setReloadError(
        errorMessage(error, 'The saved values could not be read.', 'The saved values could not be read: no answer.'),
      );
    } finally {
      setReloading(false);
    }
  };

  return (
    <form ref={content.formRef} className="content-form" onSubmit={content.submit} noValidate aria-label={label}>
      <RevisionHistory
        revision={content.revision}
        canUndo={canUndo}
        dirty={content.dirty}
        onUndone={(outcome) => {
          content.setOutcome(outcome);
          void reloadAndReplace();
        }}
      />
      {readOnlyNote && <Alert kind="info">{readOnlyNote}</Alert>}
      {content.refusal && <RefusalAlert refusal={content.refusal} reloading={reloading} onReload={reloadAndReplace} />}
      {reloadError && <Alert kind="error">{reloadError}</Alert>}
      {canEdit ? (
        children
      ) : (
        <fieldset className="content-form__read-only" disabled>
          {children}
        </fieldset>
      )}
      {/* Read-only is for whoever may not save: they may not undo either, so there is no outcome to show. */}
      {canEdit && (
        <ContentFormActions
          saving={content.saving}
          dirty={content.dirty}
          outcome={content.outcome}
          previewing={content.previewing}
          previewed={content.previewed}
          onPreview={content.showPreview && (() => void content.showPreview?.())}
          onSaveAndThen={saveAndThen && (() => void content.submitThen(saveAndThen.afterSave)())}
          saveAndThenLabel={saveAndThen?.label}
        />
      )}
      <UnsavedChangesPrompt when={content.dirty && !content.saving} />
    </form>
  );
}
