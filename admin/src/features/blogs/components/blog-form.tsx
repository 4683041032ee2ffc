import './blog-form.css';
import type { BlogPost, BlogPostInput, PostStatus } from '@cfp/shared';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { type PostChange, useFollowPublication } from '../../../components/publication-notice.tsx';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { type BlogFormValues, blogFormResolvers, sameValues, type ValidBlogPost } from '../blog-form-schema.ts';
import { clearDraft, readDraft, type StoredDraft, writeDraft } from '../draft-storage.ts';
import { BlogDraftOffer } from './blog-draft-offer.tsx';
import {
  ContentField,
  CoverDescriptionField,
  EnglishVersionFields,
  type PostText,
  TitleAndSlugFields,
  ViewsAndAuthorFields,
} from './blog-fields.tsx';
import { BlogFormActions } from './blog-form-actions.tsx';
import { FeaturedImageField } from './featured-image-field.tsx';

export type { BlogFormValues };

interface BlogFormProps {
  mode: 'create' | 'edit';
  initialValues: BlogFormValues;
  /** The saved post; absent while creating. */
  post?: Pick<BlogPost, 'status' | 'updatedAt'>;
  /** Where the unsaved draft is kept: the post id, or 'new'. */
  draftKey: string;
  /** Saves and resolves with the server's message and the post as saved. */
  onSave: (input: BlogPostInput) => Promise<{ message: string; blog: BlogPost }>;
  onSaved?: () => void;
}

type Notice = { kind: 'success' | 'error'; text: string; detail?: string } | null;

const draftCreated = 'Draft saved. It is not on the public site.';

/** What the public site has to do after a save: nothing for a draft that stays one. */
function siteChange(before: PostStatus | undefined, saved: BlogPost): PostChange | null {
  const change = { title: saved.title, slug: saved.slug, savedAt: saved.updatedAt };
  if (saved.status === 'published') return { ...change, action: before === 'published' ? 'update' : 'publish' };
  return before === 'published' ? { ...change, action: 'unpublish' } : null;
}

/**
 * The wording staff know: creating shows the server's message, else 'Failed to create blog post';
 * updating always says 'Failed to update blog post', with the server's reason beneath it.
 */
function saveFailed(mode: BlogFormProps['mode'], error: unknown): NonNullable<Notice> {
  if (mode === 'create') return { kind: 'error', text: errorMessage(error, 'Failed to create blog post') };
  const detail = errorMessage(error, '');
  return { kind: 'error', text: 'Failed to update blog post', ...(detail ? { detail } : {}) };
}

/** Written a moment after typing stops, dropped when the changes are undone; left alone while an older draft is on offer. */
function useDraftAutosave(draftKey: string, values: BlogFormValues, dirty: boolean, paused: boolean) {
  useEffect(() => {
    if (paused) return;
    if (!dirty) {
      clearDraft(draftKey);
      return;
    }
    const timer = setTimeout(() => writeDraft(draftKey, values), 800);
    return () => clearTimeout(timer);
  }, [dirty, paused, draftKey, values]);
}

/** The one form behind "Create New Blog" and "Edit Blog Post", checked by the API's own schema. */
export function BlogForm({ mode, initialValues, post, draftKey, onSave, onSaved }: BlogFormProps) {
  const followPublication = useFollowPublication();
  const form = useForm<BlogFormValues, unknown, ValidBlogPost>({
    defaultValues: initialValues,
    resolver: blogFormResolvers[mode],
  });
  const values = useWatch({ control: form.control }) as BlogFormValues;
  const [baseline, setBaseline] = useState(initialValues);
  const [slugEdited, setSlugEdited] = useState(mode === 'edit');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState<PostStatus | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [offeredDraft, setOfferedDraft] = useState<StoredDraft | null>(() => {
    const draft = readDraft(draftKey);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const intent = useRef<PostStatus>('draft');
  const dirty = !sameValues(values, baseline);
  useDraftAutosave(draftKey, values, dirty, offeredDraft !== null);

  // The editor's own rewrite of the loaded text is not a change: undoing back to it leaves nothing unsaved.
  const adoptNormalised = (text: PostText, from: string, to: string) => {
    const swap = (current: BlogFormValues) => (current[text] === from ? { ...current, [text]: to } : current);
    setBaseline(swap);
    if (form.getValues(text) === from) form.setValue(text, to);
    // A draft that only differs from the post by the editor's rewrite has nothing to restore.
    if (offeredDraft && sameValues(offeredDraft.values, swap(baseline))) {
      clearDraft(draftKey);
      setOfferedDraft(null);
    }
  };

  const save = async (valid: ValidBlogPost) => {
    const nextStatus = intent.current;
    setNotice(null);
    setSaving(nextStatus);
    try {
      const before = post?.status;
      const saved = await onSave({ ...valid, status: nextStatus });
      clearDraft(draftKey);
      setBaseline(form.getValues());
      const created = mode === 'create' && saved.blog.status === 'draft';
      setNotice({ kind: 'success', text: created ? draftCreated : saved.message });
      const change = siteChange(before, saved.blog);
      if (change) followPublication(change);
      onSaved?.();
    } catch (error) {
      setNotice(saveFailed(mode, error));
    } finally {
      setSaving(null);
    }
  };

  return (
    <form className="form-card blog-form" onSubmit={form.handleSubmit(save, () => setNotice(null))} noValidate>
      {offeredDraft && (
        <BlogDraftOffer
          draft={offeredDraft}
          onRestore={() => {
            form.reset(offeredDraft.values, { keepDefaultValues: true });
            setSlugEdited(true);
            setOfferedDraft(null);
          }}
          onDiscard={() => {
            clearDraft(draftKey);
            setOfferedDraft(null);
          }}
        />
      )}
      <TitleAndSlugFields form={form} slugEdited={slugEdited} onSlugEdited={() => setSlugEdited(true)} />
      <ContentField form={form} onNormalise={adoptNormalised} />
      <Controller
        control={form.control}
        name="coverPhoto"
        render={({ field }) => (
          <FeaturedImageField value={field.value} onChange={field.onChange} onUploadingChange={setUploading} />
        )}
      />
      {values.coverPhoto && <CoverDescriptionField form={form} />}
      <ViewsAndAuthorFields form={form} withAuthor={mode === 'create'} />
      <EnglishVersionFields form={form} onNormalise={adoptNormalised} />
      {/* Beside the buttons, where the eyes are when one is pressed. */}
      {notice && (
        <Alert kind={notice.kind}>
          {notice.text}
          {notice.detail && <span className="alert__detail">{notice.detail}</span>}
        </Alert>
      )}
      <BlogFormActions
        post={post}
        saving={saving}
        busy={saving !== null || uploading}
        onIntent={(next) => {
          intent.current = next;
        }}
      />
      <UnsavedChangesPrompt when={dirty && saving === null} onLeave={() => clearDraft(draftKey)} />
    </form>
  );
}
