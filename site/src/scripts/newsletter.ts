import type { SubscribeInput } from '@cfp/shared';
import { postJson } from '../lib/post-json.ts';

/**
 * The footer's newsletter form, sent in place; its words are the page's, carried by the form
 * (data-subscribed-message, data-confirmation-message, data-not-saved-message), and the API
 * answers in the page's language (the form's `language`).
 */
// Without this script the form posts to the API, which answers with a page of its own.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
  const status = form.querySelector<HTMLElement>('[data-status]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const { subscribedMessage, confirmationMessage, notSavedMessage } = form.dataset;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    const payload: SubscribeInput = { email: String(fields.get('email') ?? '') };
    const language = String(fields.get('language') ?? '');
    if (language === 'fr' || language === 'en') payload.language = language;
    const website = String(fields.get('website') ?? '');
    if (website) payload.website = website;
    if (submit) submit.disabled = true;
    const result = await postJson(form.action, payload);
    if (submit) submit.disabled = false;
    if (!status) return;
    if (result.ok) {
      form.reset();
      status.dataset.tone = 'success';
      status.textContent = (result.body.pending === true ? confirmationMessage : subscribedMessage) ?? '';
    } else {
      status.dataset.tone = 'error';
      status.textContent = result.message ?? notSavedMessage ?? '';
    }
  });
}
