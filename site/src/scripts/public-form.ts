import { type PostResult, postJson } from '../lib/post-json.ts';

/**
 * What the public forms (pre-enrolment, contact, callback request) do once JavaScript runs: send
 * in place, each error the API names beside its field (marked, tied to it for screen readers,
 * focus on the first), the typed text kept. Without JavaScript the form posts to the API,
 * which answers with a page of its own. The form carries its words in the page's language: the
 * API answers in it (the form's `language` field), and what it says when the API cannot be
 * reached is its `data-not-sent-message`. sendInPlace shows the state of the forms drawn at
 * build time (callback, pre-enrolment), in their FormField markup; the contact island sends with
 * the same functions (sendForm, focusTheFirstInvalidField, notSentMessage) and shows its state
 * with React.
 */
export function sendInPlace(form: HTMLFormElement, options: { onSent: (body: Record<string, unknown>) => void }): void {
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleLabel = submit?.textContent ?? '';
  // The API's messages, in the page's language and beside the field, rather than the browser's bubbles.
  form.noValidate = true;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showErrors(form, {});
    if (formError) formError.hidden = true;
    setButton(submit, { disabled: true, label: submit?.dataset.sendingLabel ?? idleLabel });
    const result = await sendForm(form);
    if (result.ok) {
      setButton(submit, { disabled: false, label: submit?.dataset.sentLabel ?? idleLabel });
      options.onSent(result.body);
      return;
    }
    setButton(submit, { disabled: false, label: idleLabel });
    const fields = result.fields ?? {};
    showErrors(form, fields);
    if (!focusTheFirstInvalidField(form, fields) && formError) {
      formError.textContent = notSentMessage(form, result);
      formError.hidden = false;
    }
  });
}

/**
 * Posts the form's fields to its action as JSON: what every public form sends, whether its
 * state is shown by sendInPlace (the static forms) or by the contact island.
 */
export function sendForm(form: HTMLFormElement): Promise<PostResult> {
  return postJson(form.action, payloadOf(form));
}

/** Focus on the first field the API refused; false when it named none of the form's fields. */
export function focusTheFirstInvalidField(form: HTMLFormElement, fields: Record<string, string>): boolean {
  const invalid = Object.keys(fields)
    .map((name) => form.elements.namedItem(name))
    .find((field) => field instanceof HTMLElement);
  invalid?.focus();
  return invalid !== undefined;
}

/** What the form says when it was not sent for no field's fault: the API's message, or the form's own (the network failed). */
export function notSentMessage(form: HTMLFormElement, result: { message?: string | undefined }): string {
  return result.message ?? form.dataset.notSentMessage ?? '';
}

function setButton(button: HTMLButtonElement | null, state: { disabled: boolean; label: string }) {
  if (!button) return;
  button.disabled = state.disabled;
  button.textContent = state.label;
}

/** The filled fields, trimmed; a ticked box as true. The honeypot only travels when a bot filled it in. */
function payloadOf(form: HTMLFormElement): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text === '') continue;
    const field = form.elements.namedItem(name);
    payload[name] = field instanceof HTMLInputElement && field.type === 'checkbox' ? true : text;
  }
  return payload;
}

/** Each field's error below it (`{field id}-error`), tied to it for screen readers; an empty record clears them all. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>) {
  for (const error of form.querySelectorAll<HTMLElement>('.field__error')) {
    const field = form.querySelector<HTMLElement>(`#${error.id.replace(/-error$/, '')}`);
    const message = errors[field?.getAttribute('name') ?? ''];
    error.textContent = message ?? '';
    error.hidden = !message;
    if (!field) continue;
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((token) => token && token !== error.id);
    if (message) described.push(error.id);
    if (message) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    if (described.length > 0) field.setAttribute('aria-describedby', described.join(' '));
    else field.removeAttribute('aria-describedby');
  }
}

/** Replaces the form by its confirmation (the element after it), with the API's message, and moves focus there. */
export function showDone(form: HTMLFormElement, message: string): HTMLElement | undefined {
  const done = form.nextElementSibling instanceof HTMLElement ? form.nextElementSibling : undefined;
  if (!done) return undefined;
  const slot = done.querySelector('[data-slot="message"]');
  if (slot) slot.textContent = message;
  form.hidden = true;
  done.hidden = false;
  done.focus();
  return done;
}

/** Coming from a programme's link (/contact?formation={slug}): that programme is chosen in the form's list. */
export function chooseTheProgrammeOfTheLink(form: HTMLFormElement): void {
  const slug = new URLSearchParams(window.location.search).get('formation');
  const programme = form.elements.namedItem('programme');
  if (slug && programme instanceof HTMLSelectElement && [...programme.options].some((option) => option.value === slug)) {
    programme.value = slug;
  }
}
