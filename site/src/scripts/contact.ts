import { chooseTheProgrammeOfTheLink, sendInPlace } from './public-form.ts';

/**
 * The contact form, sent in place (public-form.ts): once sent, the thanks above the button and
 * an empty form. Its words are the page's (the form's data-sent-message and
 * data-not-sent-message). Coming from a programme's page (/contact?formation={slug}), that
 * programme is chosen.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
  chooseTheProgrammeOfTheLink(form);
  const sent = form.querySelector<HTMLElement>('[data-form-sent]');
  sendInPlace(form, {
    onSent: () => {
      form.reset();
      if (!sent) return;
      sent.textContent = form.dataset.sentMessage ?? '';
      sent.hidden = false;
      sent.focus();
    },
  });
}
