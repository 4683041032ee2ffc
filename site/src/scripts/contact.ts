import { publicFormMessages } from '@cfp/shared/public-messages';
import { sendInPlace } from './public-form.ts';

/**
 * The contact form, sent in place (public-form.ts): once sent, the thanks above the button and
 * an empty form. Coming from a programme's page (/contact?formation={slug}), that programme is
 * chosen.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
  chooseTheProgrammeOfTheLink(form);
  const sent = form.querySelector<HTMLElement>('[data-form-sent]');
  sendInPlace(form, {
    notSent: publicFormMessages.contactNotSent,
    onSent: () => {
      form.reset();
      if (!sent) return;
      sent.textContent = publicFormMessages.contactSent;
      sent.hidden = false;
      sent.focus();
    },
  });
}

function chooseTheProgrammeOfTheLink(form: HTMLFormElement) {
  const slug = new URLSearchParams(window.location.search).get('formation');
  const programme = form.elements.namedItem('programme');
  if (slug && programme instanceof HTMLSelectElement && [...programme.options].some((option) => option.value === slug)) {
    programme.value = slug;
  }
}
