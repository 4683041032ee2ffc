import type { EnglishFaqValues, FaqForm } from '@cfp/shared';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { announce } from '../../../lib/announcer.ts';
import type { WithEnglish } from '../api/site-content-key.ts';
import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundTextarea, BoundTextField, type ContentFormApi, errorAt, GroupError } from './content-fields.tsx';

/** The FAQ as the form holds it: the French questions, and the English ones beside them item by item. */
export type FaqValues = WithEnglish<FaqForm, EnglishFaqValues>;

const maxQuestions = 40;

/** Where focus goes once the list has re-rendered: a moved question's button, or Add after a deletion. */
type FocusRequest = { id: string; button: 'up' | 'down' } | { add: true } | null;

function useFocusRequest(list: RefObject<HTMLElement | null>, add: RefObject<HTMLButtonElement | null>) {
  const [request, setRequest] = useState<FocusRequest>(null);
  useEffect(() => {
    if (!request) return;
    if ('add' in request) add.current?.focus();
    else list.current?.querySelector<HTMLElement>(`[data-item="${request.id}"] [data-move="${request.button}"]`)?.focus();
  }, [request, list, add]);
  return setRequest;
}

interface MoveButtonsProps {
  index: number;
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
}

function MoveButtons({ index, count, onMove }: MoveButtonsProps) {
  return (
    <>
      <button
        type="button"
        className="button button--small button--secondary"
        data-move="up"
        aria-label={`Move up: question ${index + 1}`}
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
      >
        <span aria-hidden="true">↑</span> Move up
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        data-move="down"
        aria-label={`Move down: question ${index + 1}`}
        disabled={index === count - 1}
        onClick={() => onMove(index, 1)}
      >
        <span aria-hidden="true">↓</span> Move down
      </button>
    </>
  );
}

/**
 * The questions and answers in the order the FAQ pages show them, each beside its English:
 * edit, add, delete (asked first), move up and down, in both languages at once.
 */
export function FaqItems({ form }: { form: ContentFormApi<FaqValues> }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'items' });
  const english = useFieldArray({ control: form.control, name: 'english.items' });
  const items = useWatch({ control: form.control, name: 'items' });
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const requestFocus = useFocusRequest(listRef, addRef);
  const [deleting, setDeleting] = useState<number | null>(null);

  const moveItem = (index: number, by: -1 | 1) => {
    const to = index + by;
    const id = fields[index]?.id;
    if (!id || to < 0 || to >= fields.length) return;
    move(index, to);
    english.move(index, to);
    announce(`Question moved to position ${to + 1} of ${fields.length}.`);
    // At either end the button pressed is disabled: focus goes to the other one.
    const atEnd = by < 0 ? to === 0 : to === fields.length - 1;
    const pressed = by < 0 ? 'up' : 'down';
    requestFocus({ id, button: atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed });
  };

  const confirmDelete = (index: number) => {
    remove(index);
    english.remove(index);
    setDeleting(null);
    announce(`Question ${index + 1} deleted. It leaves the site when you save.`);
    requestFocus({ add: true });
  };

  return (
    <div className="faq-items" data-field="items">
      <LanguageHeadings />
      <ol className="faq-list" ref={listRef}>
        {fields.map((field, index) => (
          <li key={field.id} data-item={field.id}>
            <fieldset className="faq-item">
              <legend className="faq-item__title">Question {index + 1}</legend>
              <div className="faq-item__actions">
                <MoveButtons index={index} count={fields.length} onMove={moveItem} />
                <button
                  type="button"
                  className="button button--small button--danger-outline"
                  aria-label={`Delete question ${index + 1}`}
                  disabled={fields.length === 1}
                  onClick={() => setDeleting(index)}
                >
                  Delete
                </button>
              </div>
              <Bilingual
                french={
                  <>
                    <BoundTextField form={form} name={`items.${index}.question`} label="Question" maxLength={200} lang="fr" />
                    <BoundTextarea
                      form={form}
                      name={`items.${index}.answer`}
                      label="Answer"
                      hint="A blank line starts a new paragraph."
                      maxLength={2000}
                      rows={5}
                      lang="fr"
                    />
                  </>
                }
                english={
                  <>
                    <BoundTextField
                      form={form}
                      name={`english.items.${index}.question`}
                      label={englishLabel('Question')}
                      maxLength={200}
                      lang="en"
                    />
                    <BoundTextarea
                      form={form}
                      name={`english.items.${index}.answer`}
                      label={englishLabel('Answer')}
                      hint="Left blank, the question waits for its English: only the last ones may."
                      maxLength={2000}
                      rows={5}
                      lang="en"
                    />
                  </>
                }
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <GroupError id="faq-items-error" error={errorAt(form.formState.errors, 'items')} />
      <div data-field="english.items">
        <GroupError id="faq-english-items-error" error={errorAt(form.formState.errors, 'english.items')} />
      </div>
      <button
        ref={addRef}
        type="button"
        className="button button--secondary"
        disabled={fields.length >= maxQuestions}
        onClick={() => {
          // The English first: the French question is the one to take focus.
          english.append({ question: '', answer: '' }, { shouldFocus: false });
          append({ question: '', answer: '' });
        }}
      >
        Add a question
      </button>
      {deleting !== null && (
        <ConfirmDialog
          title="Delete this question?"
          message={`“${items?.[deleting]?.question || `Question ${deleting + 1}`}” and its answer will be removed, in French and in English. The site changes when you save.`}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
