import './forwarding-note.css';
import type { ForwardingStatus } from '@cfp/shared';
import { Alert } from './alert.tsx';

interface ForwardingNoteProps {
  /** A message's or an application's: whether the centre's inbox got its e-mail copy. */
  item: { forwarding: ForwardingStatus; forwardingError: string | null };
  /** What staff do when no e-mail went out: said after "Not e-mailed…". */
  instead: string;
}

/** Whether the centre's inbox also got it by e-mail, in the words of staff who never set up a server. */
export function ForwardingNote({ item, instead }: ForwardingNoteProps) {
  switch (item.forwarding) {
    case 'sent':
      return <p className="forwarding forwarding--sent">Also emailed to the centre's inbox.</p>;
    case 'pending':
      return <p className="forwarding">Being emailed to the centre's inbox...</p>;
    case 'not_configured':
      return <p className="forwarding">Not emailed: this server does not send email. {instead}</p>;
    case 'failed':
      return (
        <Alert kind="error">
          <strong>Not emailed: sending it to the centre's inbox failed.</strong> {instead}
          {item.forwardingError && <span className="alert__detail">{item.forwardingError}</span>}
        </Alert>
      );
  }
}
