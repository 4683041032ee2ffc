import type { ApplicationNextSteps } from '@cfp/shared';
import { publicFormMessages } from '@cfp/shared/public-messages';
import { postJson } from '../lib/post-json.ts';

/**
 * The pre-enrolment form, sent in place: each error the API names goes beside its field (the
 * typed text stays), and the confirmation replaces the form. Without this script the form posts
 * to the API, which answers with a page of its own.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-pre-enrolment]')) {
  const done = form.nextElementSibling instanceof HTMLElement ? form.nextElementSibling : undefined;
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // The API's messages, in French and beside the field, rather than the browser's bubbles.
  form.noValidate = true;
  offerOnlyTheProgrammesChoices(form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showErrors(form, {});
    if (formError) formError.hidden = true;
    if (submit) submit.disabled = true;
    const result = await postJson(form.action, payloadOf(form));
    if (submit) submit.disabled = false;
    if (result.ok) {
      showConfirmation(form, done, result.body);
      return;
    }
    const fields = result.fields ?? {};
    showErrors(form, fields);
    const invalid = Object.keys(fields).find((name) => form.elements.namedItem(name));
    if (invalid) {
      (form.elements.namedItem(invalid) as HTMLElement).focus();
    } else if (formError) {
      formError.textContent = result.message ?? publicFormMessages.applicationNotSent;
      formError.hidden = false;
    }
  });
}

function payloadOf(form: HTMLFormElement): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text !== '') payload[name] = text;
  }
  if (payload.consent) payload.consent = true;
  return payload;
}

/** Each field's error below it, tied to it for screen readers; an empty record clears them all. */
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

function showConfirmation(form: HTMLFormElement, done: HTMLElement | undefined, body: Record<string, unknown>) {
  if (!done) return;
  const steps = body.nextSteps as ApplicationNextSteps;
  const slot = <T extends HTMLElement>(name: string) => done.querySelector<T>(`[data-slot="${name}"]`);
  const fill = (name: string, text: string) => {
    const element = slot(name);
    if (element) element.textContent = text;
  };
  const list = (name: string, items: string[]) => slot(name)?.replaceChildren(...items.map(listItem));
  fill('message', String(body.message ?? ''));
  fill('reference', String(body.reference ?? ''));
  fill('callback', steps.callback);
  list('documents', steps.documents.length > 0 ? steps.documents : [publicFormMessages.applicationNoDocuments]);
  list('fees', steps.fees);
  const fees = slot('fees-block');
  if (fees) fees.hidden = steps.fees.length === 0;
  const whatsapp = slot<HTMLAnchorElement>('whatsapp');
  if (whatsapp && steps.whatsappUrl) {
    whatsapp.href = steps.whatsappUrl;
    whatsapp.hidden = false;
  }
  form.hidden = true;
  done.hidden = false;
  done.focus();
}

function listItem(text: string): HTMLLIElement {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

/** On /preinscription: the schedules and intakes offered are those of the programme chosen. */
function offerOnlyTheProgrammesChoices(form: HTMLFormElement) {
  const programme = form.querySelector<HTMLSelectElement>('select[name="programme"]');
  if (!programme) return;
  const restrict = (name: string, allowed: string[] | undefined) => {
    const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    if (!select) return;
    for (const option of select.options) {
      option.hidden = option.value !== '' && allowed !== undefined && !allowed.includes(option.value);
      option.disabled = option.hidden;
    }
    if (select.selectedOptions[0]?.disabled) select.value = '';
  };
  const update = () => {
    const chosen = programme.selectedOptions[0];
    const offered = (attribute: string) =>
      chosen?.value ? (chosen.dataset[attribute] ?? '').split(' ').filter(Boolean) : undefined;
    restrict('schedule', offered('schedules'));
    restrict('intake', offered('intakes'));
  };
  // Coming from a programme's link (/preinscription?formation=soudure): that programme is chosen.
  // From a department's (?departement=automobile): its programmes come first, the only one chosen.
  const query = new URLSearchParams(window.location.search);
  const slug = query.get('formation');
  const group = [...programme.querySelectorAll('optgroup')].find(
    (optgroup) => optgroup.dataset.departement === query.get('departement'),
  );
  if (group) {
    programme.options[0]?.after(group);
    if (group.children.length === 1) programme.value = (group.children[0] as HTMLOptionElement).value;
  }
  if (slug && [...programme.options].some((option) => option.value === slug)) programme.value = slug;
  programme.addEventListener('change', update);
  update();
}
