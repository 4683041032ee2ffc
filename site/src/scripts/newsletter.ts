import type { SubscribeInput } from '@cfp/shared';
import { publicFormMessages } from '@cfp/shared/public-messages';
import { postJson } from '../lib/post-json.ts';

const { subscribed, confirmationSent, subscriptionNotSaved } = publicFormMessages;

// Without this script the form posts to the API, which answers with a page of its own.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
  const status = form.querySelector<HTMLElement>('[data-status]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    const payload: SubscribeInput = { email: String(fields.get('email') ?? '') };
    const website = String(fields.get('website') ?? '');
    if (website) payload.website = website;
    if (submit) submit.disabled = true;
    const result = await postJson(form.action, payload);
    if (submit) submit.disabled = false;
    if (!status) return;
    if (result.ok) {
      form.reset();
      status.dataset.tone = 'success';
      status.textContent = result.body.pending === true ? confirmationSent : subscribed;
    } else {
      status.dataset.tone = 'error';
      status.textContent = result.message ?? subscriptionNotSaved;
    }
  });
}
