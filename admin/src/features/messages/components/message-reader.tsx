import type { ContactMessage } from '@cfp/shared';
import { Alert } from '../../../components/alert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fullName } from './message-name.ts';

const statusLabels: Record<ContactMessage['status'], string> = { new: 'Unread', read: 'Read', handled: 'Handled' };

function Forwarding({ message }: { message: ContactMessage }) {
  switch (message.forwarding) {
    case 'sent':
      return <p className="forwarding forwarding--sent">Forwarded by e-mail to the centre's inbox.</p>;
    case 'pending':
      return <p className="forwarding">Being forwarded by e-mail...</p>;
    case 'not_configured':
      return <p className="forwarding">Not forwarded: e-mail sending is not configured on the server.</p>;
    case 'failed':
      return (
        <Alert kind="error">
          <strong>E-mail forwarding failed.</strong> Reply to the visitor directly.
          {message.forwardingError && <span className="alert__detail">{message.forwardingError}</span>}
        </Alert>
      );
  }
}

interface MessageReaderProps {
  open: ContactMessage;
  updating: boolean;
  onBack: () => void;
  onStatus: (status: ContactMessage['status'], success?: string) => void;
  onDelete: () => void;
}

export function MessageReader({ open, updating, onBack, onStatus, onDelete }: MessageReaderProps) {
  return (
    <article className="message" aria-labelledby="message-title">
      <button type="button" className="back-link inbox__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to messages
      </button>
      <header className="message__header">
        <h2 id="message-title">{fullName(open)}</h2>
        <span className={`badge badge--${open.status}`}>{statusLabels[open.status]}</span>
      </header>
      <dl className="message__meta">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${open.email}`}>{open.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${open.phone.replace(/[^\d+]/g, '')}`}>{open.phone}</a>
        </dd>
        {open.programme && (
          <>
            <dt>Programme</dt>
            <dd>{open.programme}</dd>
          </>
        )}
        <dt>Received</dt>
        <dd>
          <time dateTime={open.createdAt}>{formatDateTime(open.createdAt)}</time>
        </dd>
      </dl>
      <Forwarding message={open} />
      <p className="message__body">{open.message}</p>
      <div className="message__actions">
        <a className="button button--secondary" href={`mailto:${open.email}?subject=${encodeURIComponent('Re: votre message')}`}>
          Reply by e-mail
        </a>
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
