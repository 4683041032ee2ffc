import { blogPostLimits, postPath, slugify } from '@cfp/shared';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { FormField } from '../../../components/form/form-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { editorKeyboardHelp, RichTextEditor } from '../../../components/rich-text-editor.tsx';
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

interface ContentFieldProps {
  form: BlogForm;
  onNormalise: (from: string, to: string) => void;
}

export function ContentField({ form, onNormalise }: ContentFieldProps) {
  return (
    <Controller
      control={form.control}
      name="description"
      render={({ field, fieldState }) => (
        <FormField label="Blog Content *" error={fieldState.error} hint={editorKeyboardHelp} labelledBy>
          {(control, labelId) => (
            <RichTextEditor
              id={control.id}
              labelledBy={labelId}
              describedBy={control['aria-describedby']}
              invalid={control['aria-invalid']}
              value={field.value}
              onChange={field.onChange}
              onNormalise={onNormalise}
              placeholder="Write your post..."
              uploadImage={uploadImage}
            />
          )}
        </FormField>
      )}
    />
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
