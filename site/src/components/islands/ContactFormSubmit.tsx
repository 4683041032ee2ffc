import type { ContactInput } from '@cfp/shared';
import { contactFieldNames } from '@cfp/shared/form-fields';
import { publicFormMessages } from '@cfp/shared/public-messages';
import { useEffect, useRef, useState } from 'react';
import { postJson } from '../../lib/post-json.ts';

type Status = { state: 'idle' | 'sending' | 'sent' } | { state: 'error'; message: string };

const labels = {
  idle: 'Envoyer le message',
  sending: 'Envoi en cours...',
  sent: 'Message envoyé ✅',
  error: 'Envoyer le message',
};

/**
 * The submit button and status of the contact form. The fields are the page's own HTML
 * (the form posts to the API without JavaScript); once hydrated, this sends them as JSON,
 * keeps the visitor on the page, and on failure says why without losing what was typed.
 */
export default function ContactFormSubmit() {
  const button = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });

  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    // Coming from a programme page (/contact?formation={slug}): that programme is pre-selected.
    const slug = new URLSearchParams(window.location.search).get('formation');
    const programme = form.elements.namedItem('programme');
    if (slug && programme instanceof HTMLSelectElement && [...programme.options].some((option) => option.value === slug)) {
      programme.value = slug;
    }

    async function submit(event: SubmitEvent) {
      event.preventDefault();
      if (!form) return;
      const fields = new FormData(form);
      const entries = contactFieldNames.map((name) => [name, String(fields.get(name) ?? '').trim()] as const);
      // Optional fields are left out when empty; the honeypot only travels when a bot filled it in.
      const payload = Object.fromEntries(entries.filter(([, value]) => value !== '')) as ContactInput;
      setStatus({ state: 'sending' });
      const result = await postJson(form.action, payload);
      if (result.ok) {
        form.reset();
        setStatus({ state: 'sent' });
      } else {
        setStatus({ state: 'error', message: result.message ?? publicFormMessages.contactNotSent });
      }
    }
    form.addEventListener('submit', submit);
    return () => form.removeEventListener('submit', submit);
  }, []);

  return (
    <>
      <div className="contact-form__live" aria-live="polite">
        {status.state === 'sent' && <p className="form-message form-message--success">{publicFormMessages.contactSent}</p>}
        {status.state === 'error' && <p className="form-message form-message--error">{status.message}</p>}
      </div>
      <button
        ref={button}
        type="submit"
        className="button button--primary contact-form__submit"
        disabled={status.state === 'sending'}
      >
        {labels[status.state]}
      </button>
    </>
  );
}
