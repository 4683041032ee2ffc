import { blogPostLimits, slugify } from '@cfp/shared';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
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
        label="Slug"
        registration={register('slug', { onChange: onSlugEdited })}
        error={formState.errors.slug}
        hint={`Optional; made from the title unless you change it. Address: /blog/${slug.trim() || '…'}`}
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
        <FormField label="Blog Content *" error={fieldState.error} labelledBy>
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
            />
          )}
        </FormField>
      )}
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
