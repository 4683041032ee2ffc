import { type BlogPostInput, type PostStatus, slugify, slugPattern } from '@cfp/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { clearDraft, readDraft, type StoredDraft, writeDraft } from '../draft-storage.ts';
import { BlogStatus } from './blogs-table.tsx';
import { FeaturedImageField } from './featured-image-field.tsx';

export interface BlogFormValues {
  title: string;
  slug: string;
  description: string;
  coverPhoto: string;
  views: string;
  author: string;
}

interface BlogFormProps {
  mode: 'create' | 'edit';
  initialValues: BlogFormValues;
  /** The saved post's status; absent while creating. */
  status?: PostStatus;
  /** Where the unsaved draft is kept: the post id, or 'new'. */
  draftKey: string;
  /** Saves and resolves with the success message to show. */
  onSave: (input: BlogPostInput) => Promise<string>;
  onSaved?: () => void;
}

type Notice = { kind: 'success' | 'error'; text: string; detail?: string } | null;

const copy = {
  create: {
    publish: 'Create Blog Post',
    publishing: 'Creating...',
    required: 'Title and description are required',
  },
  edit: {
    publish: 'Update Blog Post',
    publishing: 'Updating...',
    required: 'All fields are required',
  },
};

/**
 * The spec's wording: creating shows the server's message, else 'Failed to create blog post';
 * updating always says 'Failed to update blog post', with the server's reason beneath it.
 */
function saveFailed(mode: BlogFormProps['mode'], error: unknown): NonNullable<Notice> {
  if (mode === 'create') return { kind: 'error', text: errorMessage(error, 'Failed to create blog post') };
  const detail = errorMessage(error, '');
  return { kind: 'error', text: 'Failed to update blog post', ...(detail ? { detail } : {}) };
}

function sameValues(a: BlogFormValues, b: BlogFormValues): boolean {
  return (Object.keys(a) as (keyof BlogFormValues)[]).every((key) => a[key] === b[key]);
}

/** The one form behind "Create New Blog" and "Edit Blog Post". */
export function BlogForm({ mode, initialValues, status, draftKey, onSave, onSaved }: BlogFormProps) {
  const text = copy[mode];
  const ids = { title: useId(), slug: useId(), content: useId(), views: useId(), author: useId() };
  const [values, setValues] = useState(initialValues);
  const [baseline, setBaseline] = useState(initialValues);
  const [slugEdited, setSlugEdited] = useState(mode === 'edit');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState<PostStatus | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [invalid, setInvalid] = useState(false);
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() => {
    const draft = readDraft(draftKey);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const intent = useRef<PostStatus>('draft');
  const dirty = !sameValues(values, baseline);

  // Written a moment after typing stops, dropped when the changes are undone; left alone while an
  // older draft is still on offer.
  useEffect(() => {
    if (offeredDraft) return;
    if (!dirty) {
      clearDraft(draftKey);
      return;
    }
    const timer = setTimeout(() => writeDraft(draftKey, values), 800);
    return () => clearTimeout(timer);
  }, [dirty, offeredDraft, draftKey, values]);

  const update = (changes: Partial<BlogFormValues>) => setValues((current) => ({ ...current, ...changes }));

  // The editor's own rewrite of the loaded text is not a change: undoing back to it leaves nothing unsaved.
  const adoptNormalised = (from: string, to: string) => {
    const swap = (current: BlogFormValues) => (current.description === from ? { ...current, description: to } : current);
    setBaseline(swap);
    setValues(swap);
    // A draft that only differs from the post by the editor's rewrite has nothing to restore.
    if (offeredDraft && sameValues(offeredDraft.values, swap(baseline))) {
      clearDraft(draftKey);
      setOfferedDraft(null);
    }
  };

  const changeTitle = (title: string) => update(slugEdited ? { title } : { title, slug: slugify(title) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nextStatus = intent.current;
    setNotice(null);
    if (!values.title.trim() || !values.description.trim()) {
      setInvalid(true);
      setNotice({ kind: 'error', text: text.required });
      return;
    }
    const slug = values.slug.trim();
    if (slug && !slugPattern.test(slug)) {
      setNotice({ kind: 'error', text: 'The slug may only contain lower-case letters, digits and single hyphens.' });
      return;
    }
    setInvalid(false);
    setSaving(nextStatus);
    try {
      const message = await onSave({
        title: values.title,
        description: values.description,
        coverPhoto: values.coverPhoto,
        views: values.views,
        author: values.author,
        status: nextStatus,
        ...(slug ? { slug } : {}),
      });
      clearDraft(draftKey);
      setBaseline(values);
      setNotice({ kind: 'success', text: message });
      onSaved?.();
    } catch (error) {
      setNotice(saveFailed(mode, error));
    } finally {
      setSaving(null);
    }
  };

  const busy = saving !== null || uploading;

  return (
    <form className="form-card blog-form" onSubmit={submit} noValidate>
      {offeredDraft && (
        <div className="draft-offer" role="status">
          <p>Restore unsaved draft from {formatDateTime(offeredDraft.savedAt)}?</p>
          <div className="draft-offer__actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setValues(offeredDraft.values);
                setSlugEdited(true);
                setOfferedDraft(null);
              }}
            >
              Restore
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => {
                clearDraft(draftKey);
                setOfferedDraft(null);
              }}
            >
              Discard
            </button>
          </div>
        </div>
      )}
      {notice && (
        <Alert kind={notice.kind}>
          {notice.text}
          {notice.detail && <span className="alert__detail">{notice.detail}</span>}
        </Alert>
      )}

      <div className="field">
        <label className="field__label" htmlFor={ids.title}>
          Blog Title *
        </label>
        <input
          id={ids.title}
          type="text"
          required
          maxLength={200}
          aria-invalid={invalid && !values.title.trim()}
          value={values.title}
          onChange={(event) => changeTitle(event.target.value)}
          placeholder="Enter the blog title"
        />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.slug}>
          Slug
        </label>
        <input
          id={ids.slug}
          type="text"
          maxLength={120}
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          value={values.slug}
          onChange={(event) => {
            setSlugEdited(true);
            update({ slug: event.target.value });
          }}
          placeholder="made-from-the-title"
        />
        <p className="field__hint">
          Optional; made from the title unless you change it. Address: /blog/{values.slug.trim() || '…'}
        </p>
      </div>

      <div className="field">
        <span className="field__label" id={`${ids.content}-label`}>
          Blog Content *
        </span>
        <RichTextEditor
          id={ids.content}
          labelledBy={`${ids.content}-label`}
          value={values.description}
          onChange={(description) => update({ description })}
          onNormalise={adoptNormalised}
          placeholder="Write your post..."
          invalid={invalid && !values.description.trim()}
        />
      </div>

      <FeaturedImageField
        value={values.coverPhoto}
        onChange={(coverPhoto) => update({ coverPhoto })}
        onUploadingChange={setUploading}
      />

      <div className="field-row">
        <div className="field">
          <label className="field__label" htmlFor={ids.views}>
            Number of Views
          </label>
          <input
            id={ids.views}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={values.views}
            onChange={(event) => update({ views: event.target.value })}
          />
        </div>
        {mode === 'create' && (
          <div className="field">
            <label className="field__label" htmlFor={ids.author}>
              Author Name
            </label>
            <input
              id={ids.author}
              type="text"
              maxLength={100}
              autoComplete="name"
              value={values.author}
              onChange={(event) => update({ author: event.target.value })}
            />
          </div>
        )}
      </div>

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
        <button
          type="submit"
          className="button button--secondary"
          disabled={busy}
          onClick={() => {
            intent.current = 'draft';
          }}
        >
          {saving === 'draft' ? 'Saving...' : 'Save as draft'}
        </button>
        <button
          type="submit"
          className="button"
          disabled={busy}
          onClick={() => {
            intent.current = 'published';
          }}
        >
          {saving === 'published' ? text.publishing : text.publish}
        </button>
      </div>
      <UnsavedChangesPrompt when={dirty && saving === null} onLeave={() => clearDraft(draftKey)} />
    </form>
  );
}
