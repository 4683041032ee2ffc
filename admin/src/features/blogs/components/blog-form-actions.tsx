import type { BlogPost, PostStatus } from '@cfp/shared';
import { adminPaths } from '@cfp/shared';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PostStateBadge } from './post-state-badge.tsx';

interface SaveButton {
  /** The status the post is saved with. */
  status: PostStatus;
  label: string;
  busyLabel: string;
  hint: string;
  primary: boolean;
}

/** What each button does, said under it: the specification's labels, and Publish / Unpublish for saved posts. */
function saveButtons(saved: PostStatus | undefined): SaveButton[] {
  if (!saved) {
    return [
      {
        status: 'draft',
        label: 'Save as draft',
        busyLabel: 'Saving...',
        hint: 'Keeps it here only: the public site does not show it.',
        primary: false,
      },
      {
        status: 'published',
        label: 'Create Blog Post',
        busyLabel: 'Creating...',
        hint: 'Publishes it on the public site.',
        primary: true,
      },
    ];
  }
  if (saved === 'draft') {
    return [
      {
        status: 'draft',
        label: 'Update Blog Post',
        busyLabel: 'Updating...',
        hint: 'Saves your changes. It stays a draft, off the site.',
        primary: false,
      },
      {
        status: 'published',
        label: 'Publish',
        busyLabel: 'Publishing...',
        hint: 'Saves your changes and publishes it on the public site.',
        primary: true,
      },
    ];
  }
  return [
    {
      status: 'draft',
      label: 'Unpublish',
      busyLabel: 'Unpublishing...',
      hint: 'Takes it off the public site. It stays here as a draft.',
      primary: false,
    },
    {
      status: 'published',
      label: 'Update Blog Post',
      busyLabel: 'Updating...',
      hint: 'Saves your changes on the public site.',
      primary: true,
    },
  ];
}

interface BlogFormActionsProps {
  /** The saved post; absent while creating. */
  post?: Pick<BlogPost, 'status' | 'updatedAt'> | undefined;
  saving: PostStatus | null;
  busy: boolean;
  /** Which button submitted the form: the status the post is saved with. */
  onIntent: (status: PostStatus) => void;
}

export function BlogFormActions({ post, saving, busy, onIntent }: BlogFormActionsProps) {
  const hintId = useId();
  return (
    <div className="form-actions form-actions--publishing">
      {post && (
        <p className="form-actions__status">
          Status: <PostStateBadge post={post} />
        </p>
      )}
      <Link className="button button--secondary" to={adminPaths.blogs}>
        Cancel
      </Link>
      {saveButtons(post?.status).map((button) => (
        <div className="form-action" key={button.status}>
          <button
            type="submit"
            className={button.primary ? 'button' : 'button button--secondary'}
            disabled={busy}
            aria-describedby={`${hintId}-${button.status}`}
            onClick={() => onIntent(button.status)}
          >
            {saving === button.status ? button.busyLabel : button.label}
          </button>
          <p className="form-action__hint" id={`${hintId}-${button.status}`}>
            {button.hint}
          </p>
        </div>
      ))}
    </div>
  );
}
