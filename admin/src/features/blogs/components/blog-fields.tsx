import { blogPostLimits, postPath, slugify } from '@cfp/shared';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { uploadImage } from '../api/upload-image.ts';
import type { BlogFormValues, ValidBlogPost } from '../blog-form-schema.ts';

type BlogForm = UseFormReturn<BlogFormValues, unknown, ValidBlogPost>;

interface TitleAndSlugFieldsProps {
  form: BlogForm;
  /** Once the slug is typed by hand, the title no longer rewrites it. */
  slugEdited: boolean;
  onSlugEdited: () => void;
}

export function TitleAndSlugFields({ form, slugEdited, onSlugEdited }: TitleAndSlugFieldsProps) {
  const { register, setValue, formState } = form;
  const slug = useWatch({ control: form.control, name: 'slug' });
  const siteUrl = useSiteStatus().data?.siteUrl ?? '';
  return (
    <>
      <TextField
        label="Blog Title *"
        registration={register('title', {
          onChange: (event: { target: { value: string } }) => {
            if (!slugEdited) setValue('slug', slugify(event.target.value));
          },
        })}
        error={formState.errors.title}
        required
        maxLength={blogPostLimits.title}
        placeholder="Enter the blog title"
      />
      <TextField
        label="Web address"
        registration={register('slug', { onChange: onSlugEdited })}
        error={formState.errors.slug}
        hint={`Made from the title unless you change it: lower-case words joined by dashes. The post's page: ${siteUrl}${postPath(slug.trim() || '…')}`}
        maxLength={blogPostLimits.slug}
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="made-from-the-title"
      />
    </>
  );
}

/** A post's rich text: the French one, or its English version's. */
export type PostText = 'description' | 'descriptionEn';

interface ContentFieldProps {
  form: BlogForm;
  onNormalise: (text: PostText, from: string, to: string) => void;
}

const contentFields = {
  description: { label: 'Blog Content *', placeholder: 'Write your post...' },
  descriptionEn: { label: 'English text', placeholder: 'The post in English...' },
} satisfies Record<PostText, { label: string; placeholder: string }>;

export function ContentField({ form, onNormalise, name = 'description' }: ContentFieldProps & { name?: PostText }) {
  return (
    <RichTextField
      control={form.control}
      name={name}
      {...contentFields[name]}
      onNormalise={(from, to) => onNormalise(name, from, to)}
      uploadImage={uploadImage}
    />
  );
}

/**
 * The post's English version, below the French: closed while the post has none, so that a
 * French-only post is written as before; it opens by itself to show an English text (a restored
 * draft's) or an error in it.
 */
export function EnglishVersionFields({ form, onNormalise }: ContentFieldProps) {
  const { errors } = form.formState;
  const [titleEn, descriptionEn] = useWatch({ control: form.control, name: ['titleEn', 'descriptionEn'] });
  const written = Boolean(titleEn || descriptionEn);
  const [opened, setOpened] = useState(written);
  useEffect(() => {
    if (written) setOpened(true);
  }, [written]);
  // An error in it opens it, even closed with a text in it: a refusal is never hidden.
  const open = opened || Boolean(errors.titleEn || errors.descriptionEn);
  return (
    <details className="english-version disclosure-marker" open={open} onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>English version (optional)</summary>
      {/* Its editor is made when the section opens: a French-only post loads one Quill, not two. */}
      {open && (
        <>
          <p className="english-version__hint">
            Readers of the site in English and the newsletter’s English subscribers get this version. Without it, they get the
            French post. Give both the title and the text, or leave both blank.
          </p>
          <TextField
            label="English title"
            registration={form.register('titleEn')}
            error={errors.titleEn}
            maxLength={blogPostLimits.title}
            lang="en"
          />
          <ContentField form={form} onNormalise={onNormalise} name="descriptionEn" />
        </>
      )}
    </details>
  );
}

/** Asked as soon as there is a cover: the site prints it as the picture's alt text. */
export function CoverDescriptionField({ form }: { form: BlogForm }) {
  return (
    <TextField
      label="Image description *"
      registration={form.register('coverAlt')}
      error={form.formState.errors.coverAlt}
      hint="What the picture shows, in a sentence, for people who cannot see it (e.g. “Two apprentices welding a gate”)."
      maxLength={blogPostLimits.imageAlt}
    />
  );
}

export function ViewsAndAuthorFields({ form, withAuthor }: { form: BlogForm; withAuthor: boolean }) {
  const { register, formState } = form;
  return (
    <div className="field-row">
      <TextField
        label="Number of Views"
        registration={register('views')}
        error={formState.errors.views}
        hint="The site counts views by itself: change this only to correct the count."
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
      />
      {withAuthor && (
        <TextField
          label="Author Name"
          registration={register('author')}
          error={formState.errors.author}
          maxLength={blogPostLimits.author}
          autoComplete="name"
        />
      )}
    </div>
  );
}
