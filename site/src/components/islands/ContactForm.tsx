/**
 * The contact form, an island (`client:idle`). Rendered at build time, it is a plain HTML form
 * that posts to the API, which answers with a page of its own when JavaScript is off. Hydrated,
 * it is sent in place by the public forms' one sender (scripts/public-form.ts): the sending
 * state on the button, each error the API names beside its field, the thanks above the button
 * and an empty form once sent. Every word comes from the page, in its language.
 */
import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chooseTheProgrammeOfTheLink, focusTheFirstInvalidField, notSentMessage, sendForm } from '../../scripts/public-form.ts';
import FormField, { type FormFieldProps } from '../FormField.tsx';

type ContactField = 'firstName' | 'lastName' | 'email' | 'phone' | 'programme' | 'message';

export interface ContactFormProps {
  action: string;
  language: string;
  /** Each field as FormField draws it, its errors aside. */
  fields: Record<ContactField, Omit<FormFieldProps, 'error'>>;
  words: { submit: string; sending: string; sent: string; sentMessage: string; notSentMessage: string };
  /** Slots, rendered by Astro: the field bots fill in, and the line about personal data. */
  honeypot?: ReactNode;
  privacy?: ReactNode;
}

type Status = { state: 'idle' | 'sending' | 'sent' } | { state: 'refused'; fields: Record<string, string>; message?: string };

const rows: ContactField[][] = [['firstName', 'lastName'], ['email', 'phone'], ['programme'], ['message']];

export default function ContactForm({ action, language, fields, words, honeypot, privacy }: ContactFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [hydrated, setHydrated] = useState(false);
  const errors = status.state === 'refused' ? status.fields : {};
  const formError = status.state === 'refused' ? status.message : undefined;

  useEffect(() => {
    setHydrated(true);
    if (form.current) chooseTheProgrammeOfTheLink(form.current);
  }, []);

  // Focus moves in the same render that marks the fields, not a frame later: the button, disabled
  // while sending, has let it go, and for that frame it would rest nowhere.
  useLayoutEffect(() => {
    if (status.state === 'sent') thanks.current?.focus();
    if (status.state === 'refused' && form.current) focusTheFirstInvalidField(form.current, status.fields);
  }, [status]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = event.currentTarget;
    setStatus({ state: 'sending' });
    const result = await sendForm(sent);
    if (result.ok) sent.reset();
    setStatus(result.ok ? { state: 'sent' } : refusal(sent, result));
  }

  return (
    <form
      ref={form}
      className="contact-form"
      method="post"
      action={action}
      onSubmit={send}
      // Once hydrated, the API's messages beside each field, rather than the browser's bubbles.
      noValidate={hydrated}
      data-not-sent-message={words.notSentMessage}
    >
      <input type="hidden" name="language" value={language} />
      {rows.map((row) => {
        const rowFields = row.map((name) => <FormField key={name} {...fields[name]} error={errors[name]} />);
        return row.length > 1 ? (
          <div key={row.join()} className="contact-form__row">
            {rowFields}
          </div>
        ) : (
          rowFields
        );
      })}
      {honeypot}
      <p className="form-message form-message--error" role="alert" hidden={!formError}>
        {formError}
      </p>
      <p className="form-message form-message--success" role="status" tabIndex={-1} ref={thanks} hidden={status.state !== 'sent'}>
        {status.state === 'sent' ? words.sentMessage : ''}
      </p>
      {privacy}
      <button type="submit" className="button button--primary contact-form__submit" disabled={status.state === 'sending'}>
        {status.state === 'sending' ? words.sending : status.state === 'sent' ? words.sent : words.submit}
      </button>
    </form>
  );
}

/** The API's refusal: each field's error, or, when it named none of the form's fields, what the form says. */
function refusal(form: HTMLFormElement, result: { fields?: Record<string, string>; message?: string | undefined }): Status {
  const fields = result.fields ?? {};
  const named = Object.keys(fields).some((name) => form.elements.namedItem(name) !== null);
  return { state: 'refused', fields, ...(!named && { message: notSentMessage(form, result) }) };
}
