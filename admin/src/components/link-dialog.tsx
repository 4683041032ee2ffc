import { type FormEvent, useState } from 'react';
import { FormField } from './form/form-field.tsx';
import { Modal } from './modal.tsx';

export interface LinkDraft {
  text: string;
  url: string;
}

interface LinkDialogProps {
  initial: LinkDraft;
  /** Turns what was typed into the link's address, or null when it is not one the site accepts. */
  toUrl: (typed: string) => string | null;
  onInsert: (link: LinkDraft) => void;
  /** Offered when the selection already is a link. */
  onRemove?: (() => void) | undefined;
  onCancel: () => void;
}

const invalidAddress =
  'Enter a web address (https://…), an e-mail address or a phone number: other kinds of links are not allowed.';

/** The editor's link box: the selected words as the link's text, an empty address field, only safe kinds of links. */
export function LinkDialog({ initial, toUrl, onInsert, onRemove, onCancel }: LinkDialogProps) {
  const [text, setText] = useState(initial.text);
  const [url, setUrl] = useState(initial.url);
  const [errors, setErrors] = useState<{ text?: string; url?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits inside the post form in the component tree: its submit must not save the post.
    event.stopPropagation();
    const address = toUrl(url);
    const found = {
      ...(text.trim() ? {} : { text: 'Enter the words to show as the link.' }),
      ...(address ? {} : { url: invalidAddress }),
    };
    setErrors(found);
    if (found.text || found.url) {
      const first = event.currentTarget.querySelector<HTMLInputElement>(found.text ? '[name="link-text"]' : '[name="link-url"]');
      first?.focus();
      return;
    }
    onInsert({ text: text.trim(), url: address ?? '' });
  };

  return (
    <Modal title={onRemove ? 'Edit link' : 'Insert link'} onClose={onCancel} closeOnBackdrop={false}>
      <form className="link-dialog" onSubmit={submit} noValidate>
        <FormField label="Link text" error={errors.text ? { type: 'validate', message: errors.text } : undefined}>
          {(control) => <input {...control} name="link-text" value={text} onChange={(event) => setText(event.target.value)} />}
        </FormField>
        <FormField
          label="Address"
          hint="A web page (https://…), an e-mail address or a phone number."
          error={errors.url ? { type: 'validate', message: errors.url } : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="link-url"
              data-autofocus
              inputMode="url"
              autoCapitalize="off"
              spellCheck={false}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </FormField>
        <div className="modal__actions">
          {onRemove && (
            <button type="button" className="button button--danger-outline" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button">
            {onRemove ? 'Save link' : 'Insert link'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
