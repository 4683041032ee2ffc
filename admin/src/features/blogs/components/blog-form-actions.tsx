import type { PostStatus } from '@cfp/shared';
import { Link } from 'react-router-dom';
import { BlogStatus } from './blogs-table.tsx';

interface BlogFormActionsProps {
  /** The saved post's status; absent while creating. */
  status?: PostStatus | undefined;
  saving: PostStatus | null;
  busy: boolean;
  publishLabel: string;
  publishingLabel: string;
  /** Which button submitted the form: the status the post is saved with. */
  onIntent: (status: PostStatus) => void;
}

export function BlogFormActions({ status, saving, busy, publishLabel, publishingLabel, onIntent }: BlogFormActionsProps) {
  return (
    <div className="form-actions">
      {status && (
        <p className="form-actions__status">
          Currently <BlogStatus status={status} />
          {status === 'published' && <span> Saving as draft takes it off the public site.</span>}
        </p>
      )}
      <Link className="button button--secondary" to="/blogs">
        Cancel
      </Link>
      <button type="submit" className="button button--secondary" disabled={busy} onClick={() => onIntent('draft')}>
        {saving === 'draft' ? 'Saving...' : 'Save as draft'}
      </button>
      <button type="submit" className="button" disabled={busy} onClick={() => onIntent('published')}>
        {saving === 'published' ? publishingLabel : publishLabel}
      </button>
    </div>
  );
}
