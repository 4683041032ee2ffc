import type { UploadedImage } from '@cfp/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { shrinkImage } from '../lib/shrink-image.ts';
import { FormField } from './form/form-field.tsx';
import { Modal } from './modal.tsx';

/** An uploaded picture as the text shows it: our URL, its description, its size and its WebP copies. */
export interface TextImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcset: string;
}

interface ImageDialogProps {
  upload: (file: File) => Promise<UploadedImage>;
  onInsert: (image: TextImage) => void;
  onCancel: () => void;
}

type Errors = { file?: string; alt?: string; upload?: string };

function check(file: File | null, alt: string): Errors {
  return {
    ...(file ? {} : { file: 'Choose a picture (JPEG, PNG, WebP, AVIF or GIF).' }),
    ...(alt.trim() ? {} : { alt: 'Describe the picture for those who cannot see it.' }),
  };
}

/** Inserts a picture in the text: uploaded like the cover (shrunk, WebP copies made), never pasted as data. */
export function ImageDialog({ upload, onInsert, onCancel }: ImageDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Inside the post form in the component tree: this submit must not save the post.
    event.stopPropagation();
    const form = event.currentTarget;
    const found = check(file, alt);
    setErrors(found);
    if (found.file || found.alt || !file) {
      form.querySelector<HTMLInputElement>(found.file ? '[name="image-file"]' : '[name="image-alt"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await upload(await shrinkImage(file));
      const srcset = answer.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
      onInsert({ src: answer.url, alt: alt.trim(), width: answer.width, height: answer.height, srcset });
    } catch (error) {
      setErrors({ upload: errorMessage(error, 'Image upload failed.') });
      setBusy(false);
    }
  };

  return (
    <Modal title="Insert image" onClose={onCancel} closeOnBackdrop={false}>
      <form className="image-dialog" onSubmit={submit} noValidate>
        <FormField label="Picture" error={errors.file ? { type: 'validate', message: errors.file } : undefined}>
          {(control) => (
            <input
              {...control}
              name="image-file"
              type="file"
              accept="image/*"
              data-autofocus
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setPreview(chosen ? URL.createObjectURL(chosen) : null);
              }}
            />
          )}
        </FormField>
        {preview && <img className="image-dialog__preview" src={preview} alt="" />}
        <FormField
          label="Description"
          hint="What the picture shows, in a sentence, for people who cannot see it (e.g. “Two apprentices welding a gate”)."
          error={errors.alt ? { type: 'validate', message: errors.alt } : undefined}
        >
          {(control) => (
            <input {...control} name="image-alt" maxLength={250} value={alt} onChange={(event) => setAlt(event.target.value)} />
          )}
        </FormField>
        {errors.upload && (
          <p className="field__error" role="alert">
            {errors.upload}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Uploading...' : 'Insert image'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
