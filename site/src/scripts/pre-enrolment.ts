import type { ApplicationNextSteps } from '@cfp/shared';
import { sendInPlace } from './public-form.ts';

/**
 * The pre-enrolment form, sent in place (public-form.ts): the confirmation replaces the form,
 * with the programme, the reference, the callback, the documents, the fees and WhatsApp, as
 * the API gives them in the page's language; the confirmation's own words are in the page.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-pre-enrolment]')) {
  const done = form.nextElementSibling instanceof HTMLElement ? form.nextElementSibling : undefined;
  offerOnlyTheProgrammesChoices(form);
  sendInPlace(form, { onSent: (body) => showConfirmation(form, done, body) });
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
  fill('programme', steps.programmeTitle);
  fill('reference', String(body.reference ?? ''));
  fill('callback', steps.callback);
  list('documents', steps.documents.length > 0 ? steps.documents : [done.dataset.noDocuments ?? '']);
  // A list the English page has only in French says so, and is marked French for readers and search engines.
  const inFrench = steps.documents.length > 0 && steps.documentsLanguage !== document.documentElement.lang;
  const note = slot('documents-in-french');
  if (note) note.hidden = !inFrench;
  const documents = slot('documents');
  if (inFrench) documents?.setAttribute('lang', steps.documentsLanguage);
  else documents?.removeAttribute('lang');
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

/** On the pre-enrolment page: the schedules and intakes offered are those of the programme chosen. */
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
  // Coming from a programme's link (/preinscription?formation=soudure, /en/pre-enrolment?formation=soudure):
  // that programme is chosen.
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
