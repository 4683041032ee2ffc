import { type Application, formatPhone } from '@cfp/shared';
import { mailtoHref, telHref, whatsAppHref } from '../../../lib/contact-links.ts';

/** The first message, in French as the student speaks to the centre, quoting what they were given. */
export function whatsAppGreeting(application: Application): string {
  return `Bonjour ${application.firstName}, le centre vous contacte au sujet de votre pré-inscription ${application.reference} (${application.programmeTitle}).`;
}

/** Call, WhatsApp, and e-mail when the student gave an address. */
export function ContactActions({ application }: { application: Application }) {
  const phone = formatPhone(application.phone);
  return (
    <ul className="contact-actions" aria-label={`Contact ${application.firstName}`}>
      <li>
        <a className="button" href={telHref(application.phone)} aria-label={`Call ${phone}`}>
          Call
        </a>
      </li>
      <li>
        <a
          className="button button--secondary"
          href={whatsAppHref(application.phone, whatsAppGreeting(application))}
          target="_blank"
          rel="noreferrer"
          aria-label={`WhatsApp ${phone} (opens WhatsApp)`}
        >
          WhatsApp
        </a>
      </li>
      {application.email && (
        <li>
          <a
            className="button button--secondary"
            href={mailtoHref(application.email, { subject: `Votre pré-inscription ${application.reference}` })}
            aria-label={`E-mail ${application.email}`}
          >
            E-mail
          </a>
        </li>
      )}
    </ul>
  );
}
