import { formatPhone, normalisePhone } from '@cfp/shared';
import { mailtoHref, telHref, whatsAppHref } from '../lib/contact-links.ts';
import './contact-actions.css';

interface ContactActionsProps {
  /** Whom the actions reach: "Contact Awa". */
  firstName: string;
  /** As stored or as the visitor typed it; Call and WhatsApp are offered only when it reads as a number. */
  phone: string;
  /** WhatsApp's prefilled first message, in the language the student or visitor wrote to the centre in. */
  greeting: string;
  email: { address: string; subject: string; label: string } | null;
}

/** Call, WhatsApp and e-mail, the ways staff answer a student or a visitor from the admin. */
export function ContactActions({ firstName, phone, greeting, email }: ContactActionsProps) {
  const number = normalisePhone(phone);
  const shown = number && formatPhone(number);
  return (
    <ul className="contact-actions" aria-label={`Contact ${firstName}`}>
      {number && (
        <>
          <li>
            <a className="button" href={telHref(number)} aria-label={`Call ${shown}`}>
              Call
            </a>
          </li>
          <li>
            <a
              className="button button--secondary"
              href={whatsAppHref(number, greeting)}
              target="_blank"
              rel="noreferrer"
              aria-label={`WhatsApp ${shown} (opens WhatsApp)`}
            >
              WhatsApp
            </a>
          </li>
        </>
      )}
      {email && (
        <li>
          <a
            className="button button--secondary"
            href={mailtoHref(email.address, { subject: email.subject })}
            aria-label={`${email.label} ${email.address}`}
          >
            {email.label}
          </a>
        </li>
      )}
    </ul>
  );
}
