import { chooseTheProgrammeOfTheLink, sendInPlace, showDone } from './public-form.ts';

/** "Être rappelé", sent in place (public-form.ts): the API's thanks, from the content, replaces the form. */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-callback-form]')) {
  chooseTheProgrammeOfTheLink(form);
  sendInPlace(form, { onSent: (body) => showDone(form, String(body.message ?? '')) });
}
