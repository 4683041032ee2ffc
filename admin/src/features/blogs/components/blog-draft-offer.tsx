import { formatDateTime } from '../../../lib/format.ts';
import type { StoredDraft } from '../draft-storage.ts';

interface BlogDraftOfferProps {
  draft: StoredDraft;
  onRestore: () => void;
  onDiscard: () => void;
}

/** An unsaved draft left by an earlier visit, offered back before anything else. */
export function BlogDraftOffer({ draft, onRestore, onDiscard }: BlogDraftOfferProps) {
  return (
    <div className="draft-offer" role="status">
      <p>Restore unsaved draft from {formatDateTime(draft.savedAt)}?</p>
      <div className="draft-offer__actions">
        <button type="button" className="button button--small" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
