import { type ContactMessage, formatPhone, type MessageStatus, normalisePhone, staffLanguageLabels } from '@cfp/shared';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { useSession } from '../../../api/validate-token.ts';
import { ContactActions } from '../../../components/contact-actions.tsx';
import { ForwardingNote } from '../../../components/forwarding-note.tsx';
import { LanguageMarker } from '../../../components/language-marker.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { bestTimeLabels, fullName, programmeName, statusLabels } from './message-labels.ts';

/** The programme by its name, linked to its page on the site when it is there. */
function Programme({ message }: { message: ContactMessage }) {
  const site = useSiteStatus().data;
  if (!(message.programmeTitle && message.programmePath && site)) return programmeName(message);
  return <a href={`${site.siteUrl}${message.programmePath}`}>{message.programmeTitle}</a>;
}

/**
 * The first WhatsApp message, in the language the visitor wrote to the centre in; in English it
 * says who writes (`staffName`, the signed-in admin).
 */
function whatsAppGreeting(message: ContactMessage, staffName?: string): string {
  if (message.language === 'en') {
    const about = message.kind === 'callback' ? 'your callback request' : 'your message';
    const from = staffName ? `${staffName} from the training centre` : 'the training centre';
    return `Hello ${message.firstName}, this is ${from}, about ${about}.`;
  }
  const about = message.kind === 'callback' ? 'votre demande de rappel' : 'votre message';
  return `Bonjour ${message.firstName}, le centre de formation vous répond au sujet de ${about}.`;
}

/** The reply's subject, in the visitor's language. */
const replySubject = (message: ContactMessage) => (message.language === 'en' ? 'Re: “your message”' : 'Re: « votre message »');

interface MessageReaderProps {
  open: ContactMessage;
  updating: boolean;
  onBack: () => void;
  onStatus: (status: MessageStatus, success?: string) => void;
  onDelete: () => void;
}

export function MessageReader({ open, updating, onBack, onStatus, onDelete }: MessageReaderProps) {
  const phone = normalisePhone(open.phone);
  const staffName = useSession().data?.username;
  return (
    <article className="message" aria-labelledby="message-title">
      <button type="button" className="back-link inbox__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to messages
      </button>
      <header className="message__header">
        <h2 id="message-title">{fullName(open)}</h2>
        {open.kind === 'callback' && <span className="badge badge--callback">Callback request</span>}
        <span className={`badge badge--${open.status}`}>{statusLabels[open.status]}</span>
        <LanguageMarker language={open.language} />
      </header>
      <dl className="message__meta">
        {open.email && (
          <>
            <dt>Email</dt>
            <dd>{open.email}</dd>
          </>
        )}
        <dt>Phone</dt>
        <dd>{phone ? formatPhone(phone) : open.phone}</dd>
        {open.programme && (
          <>
            <dt>Programme</dt>
            <dd>
              <Programme message={open} />
            </dd>
          </>
        )}
        {open.kind === 'callback' && (
          <>
            <dt>Best time to call</dt>
            <dd>{open.bestTime ? bestTimeLabels[open.bestTime] : 'Any time'}</dd>
          </>
        )}
        <dt>Language</dt>
        <dd>{staffLanguageLabels[open.language]}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={open.createdAt}>{formatDateTime(open.createdAt)}</time>
        </dd>
      </dl>
      <ForwardingNote item={open} instead="Read it here and reply to the visitor directly." />
      <p className="message__body">
        {open.kind === 'callback' ? 'Asked to be called back: no email, no message.' : open.message}
      </p>
      <ContactActions
        firstName={open.firstName}
        phone={open.phone}
        greeting={whatsAppGreeting(open, staffName)}
        email={open.email ? { address: open.email, subject: replySubject(open), label: 'Reply by email' } : null}
      />
      <div className="message__actions">
        {open.status === 'handled' ? (
          <button type="button" className="button button--secondary" onClick={() => onStatus('read')}>
            Reopen
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={updating}
            onClick={() => onStatus('handled', 'Message marked as handled')}
          >
            Mark as handled
          </button>
        )}
        <button type="button" className="button button--danger-outline" onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}
