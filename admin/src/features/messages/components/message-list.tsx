import { formatPhone, type MessageSummary, normalisePhone } from '@cfp/shared';
import { LanguageMarker } from '../../../components/language-marker.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { bestTimeLabels, fullName, programmeName } from './message-labels.ts';

/** A message's first lines; a callback request, which has none, by the number to call and when. */
function snippet(message: MessageSummary): string {
  if (message.kind !== 'callback') return message.excerpt;
  const phone = normalisePhone(message.phone);
  const when = message.bestTime ? ` (${bestTimeLabels[message.bestTime].toLowerCase()})` : '';
  return `Call back on ${phone ? formatPhone(phone) : message.phone}${when}`;
}

interface MessageListProps {
  /** The page of messages the filter shows. */
  visible: MessageSummary[];
  /** How many there are in all, to tell an empty inbox from an empty view. */
  total: number;
  openId: number | null;
  onOpen: (id: number) => void;
}

export function MessageList({ visible, total, openId, onOpen }: MessageListProps) {
  return visible.length === 0 ? (
    <p className="empty-state">{total === 0 ? 'No messages yet.' : 'No messages in this view.'}</p>
  ) : (
    <ul className="inbox__list" aria-label="Messages, newest first">
      {visible.map((message) => (
        <li key={message._id}>
          <button
            type="button"
            className={['inbox__item', message.status === 'new' ? 'is-unread' : '', message._id === openId ? 'is-open' : ''].join(
              ' ',
            )}
            aria-current={message._id === openId ? 'true' : undefined}
            onClick={() => onOpen(message._id)}
          >
            <span className="inbox__item-head">
              <span className="inbox__name">
                {message.status === 'new' && <span className="visually-hidden">Unread: </span>}
                {fullName(message)}
              </span>
              <time className="inbox__date" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </time>
            </span>
            {message.programme && <span className="inbox__programme">{programmeName(message)}</span>}
            <span className="inbox__snippet">{snippet(message)}</span>
            <span className="inbox__flags">
              <LanguageMarker language={message.language} />
              {message.kind === 'callback' && <span className="badge badge--callback">Callback request</span>}
              {message.status === 'handled' && <span className="badge badge--handled">Handled</span>}
              {message.forwarding === 'failed' && <span className="badge badge--failed">Forwarding failed</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
