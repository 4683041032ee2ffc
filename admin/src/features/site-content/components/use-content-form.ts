import type { ContentPreviewResponse, ContentRevision, ContentSaveResponse } from '@cfp/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { ContentSaveRequest } from '../api/site-content-key.ts';
import { fieldShown, focusFirstError, useFieldFromAddress } from './field-focus.ts';

/** A form's values and the revision they were read at, as a GET of /content/… gives them. */
export interface LoadedContent<Values> {
  values: Values;
  revision: ContentRevision;
}

/** Why the last save did not go through, said at the top of the form. */
export interface Refusal {
  message: string;
  /** Someone else changed a field meanwhile (409): reloading shows their version. */
  conflict: boolean;
  /** The server's messages for fields this form does not show. */
  unplaced: string[];
}

interface ContentFormOptions<Values extends FieldValues, Output> {
  loaded: LoadedContent<Values>;
  resolver: Resolver<Values, unknown, Output>;
  save: (request: ContentSaveRequest<Output>) => Promise<ContentSaveResponse>;
  /** Renders the values as typed with the site's templates, saving nothing. */
  preview?: (request: ContentSaveRequest<Output>) => Promise<ContentPreviewResponse>;
}

const refusedFallback = 'The changes could not be saved.';
const unansweredFallback = 'The changes could not be saved: the server did not answer. Check the connection, then save again.';
const previewRefusedFallback = 'The preview could not be made.';
const previewUnansweredFallback =
  'The preview could not be made: the server did not answer. Check the connection, then preview again.';

/**
 * What the content forms share: the values checked by the API's schema, saved with the revision
 * they were read at, and a refusal that keeps what was typed, with each field's message beside
 * it and focus on the first. Values read again (after a save) are taken only while nothing is
 * typed; `replace` takes them anyway, once the user chose to discard their changes.
 */
export function useContentForm<Values extends FieldValues, Output>({
  loaded,
  resolver,
  save,
  preview,
}: ContentFormOptions<Values, Output>) {
  const form = useForm<Values, unknown, Output>({
    defaultValues: loaded.values as DefaultValues<Values>,
    resolver,
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [revision, setRevision] = useState(loaded.revision);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [outcome, setOutcome] = useState<ContentSaveResponse | null>(null);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [previewed, setPreviewed] = useState<ContentPreviewResponse | null>(null);
  // A render after each refusal, for the focus to move in.
  const [, setRefusalCount] = useState(0);
  const adopted = useRef(loaded);
  const dirty = form.formState.isDirty;

  const replace = useCallback(
    (next: LoadedContent<Values>) => {
      adopted.current = next;
      form.reset(next.values);
      setRevision(next.revision);
      setRefusal(null);
    },
    [form],
  );

  useEffect(() => {
    if (!dirty && !saving && loaded !== adopted.current) replace(loaded);
  }, [loaded, dirty, saving, replace]);

  // Focus moves once per refusal: to the first field in error, else to the refusal's message.
  // The fields' errors may render a render later (Preact renders them apart), so it waits for
  // them, a moment at most: later, it would pull focus from what is being typed.
  const focusDue = useRef<{ at: number; fieldsExpected: boolean } | null>(null);
  useEffect(() => {
    const due = focusDue.current;
    if (!due) return;
    if (focusFirstError(formRef.current)) {
      focusDue.current = null;
      return;
    }
    const late = Date.now() - due.at > 1000;
    if (due.fieldsExpected && !late) return;
    const message = formRef.current?.querySelector<HTMLElement>('[data-refusal]');
    message?.focus();
    if (message || late) focusDue.current = null;
  });

  useFieldFromAddress(formRef);

  const refused = (fieldsExpected: boolean) => {
    focusDue.current = { at: Date.now(), fieldsExpected };
    setRefusalCount((count) => count + 1);
  };

  const refuse = (error: unknown, fallbacks: [string, string] = [refusedFallback, unansweredFallback]) => {
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    const unplaced: string[] = [];
    for (const [name, message] of Object.entries(fields)) {
      form.setError(name as Path<Values>, { type: 'server', message });
      if (!fieldShown(formRef.current, name)) unplaced.push(message);
    }
    const placed = Object.keys(fields).length - unplaced.length;
    const conflict = error instanceof ApiError && error.status === 409;
    setRefusal({ message: errorMessage(error, ...fallbacks), conflict, unplaced });
    refused(placed > 0);
  };

  /** Saves the form; `then` runs after a save that went through (e.g. to open the next programme). */
  const submitThen = (then?: (response: ContentSaveResponse) => void) =>
    form.handleSubmit(
      async (values) => {
        setRefusal(null);
        setOutcome(null);
        setPreviewed(null);
        setSaving(true);
        try {
          const response = await save({ version: revision.version, values });
          // What was typed is what the file now holds: the new baseline, until the values are read again.
          form.reset(form.getValues());
          setRevision(response.revision);
          setOutcome(response);
          then?.(response);
        } catch (error) {
          refuse(error);
        } finally {
          setSaving(false);
        }
      },
      () => {
        setRefusal(null);
        refused(true);
      },
    );
  const submit = submitThen();

  /** Checks the values as a save would, then has the API render them; the preview's pages open from its answer. */
  const showPreview =
    preview &&
    form.handleSubmit(
      async (values) => {
        setRefusal(null);
        setPreviewed(null);
        setPreviewing(true);
        try {
          setPreviewed(await preview({ version: revision.version, values }));
        } catch (error) {
          refuse(error, [previewRefusedFallback, previewUnansweredFallback]);
        } finally {
          setPreviewing(false);
        }
      },
      () => {
        setRefusal(null);
        refused(true);
      },
    );

  return {
    form,
    formRef,
    revision,
    refusal,
    outcome,
    setOutcome,
    saving,
    dirty,
    submit,
    submitThen,
    replace,
    showPreview,
    previewing,
    previewed,
  };
}

export type ContentFormState<Values extends FieldValues, Output> = ReturnType<typeof useContentForm<Values, Output>>;
