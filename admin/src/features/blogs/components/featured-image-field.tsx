import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { CoverImage } from '../../../components/cover-image.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { shrinkImage } from '../../../lib/shrink-image.ts';
import { useUploadImage } from '../api/upload-image.ts';

interface FeaturedImageFieldProps {
  value: string;
  onChange: (url: string) => void;
  onUploadingChange: (uploading: boolean) => void;
}

type UploadState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'done' } | { kind: 'failed'; detail: string };

/** Shows the chosen image at once, uploads it (shrunk when large) and hands back its URL; a failed upload can be retried. */
export function FeaturedImageField({ value, onChange, onUploadingChange }: FeaturedImageFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const [preview, setPreview] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const start = async (chosen: File) => {
    setState({ kind: 'uploading' });
    onUploadingChange(true);
    try {
      const answer = await upload.mutateAsync(await shrinkImage(chosen));
      onChange(answer.url);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', detail: errorMessage(error, '') });
    } finally {
      onUploadingChange(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setState({ kind: 'failed', detail: 'Please choose an image file.' });
      event.target.value = '';
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
    void start(chosen);
  };

  const remove = () => {
    setFile(null);
    setPreview(null);
    setState({ kind: 'idle' });
    onChange('');
    if (inputRef.current) inputRef.current.value = '';
  };

  const shown = preview ?? value;

  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        Featured Image
      </label>
      <div className="image-field">
        <div className="image-field__preview">
          {shown ? (
            <CoverImage src={shown} alt="Featured image preview" className="image-field__image" />
          ) : (
            <span>No image yet</span>
          )}
          {state.kind === 'uploading' && (
            <div className="upload-overlay" role="status">
              <span className="spinner__wheel" aria-hidden="true" />
              <span>Uploading Image, please wait...</span>
            </div>
          )}
        </div>
        <div className="image-field__controls">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            onChange={choose}
            disabled={state.kind === 'uploading'}
          />
          <p className="field__hint">JPEG, PNG, WebP, AVIF or GIF. Large photos are resized before upload.</p>
          {state.kind === 'done' && (
            <p className="field__note field__note--success" role="status">
              Image uploaded
            </p>
          )}
          {state.kind === 'failed' && (
            <div className="field__note field__note--error" role="alert">
              <p>
                {file ? <strong>Image upload failed.</strong> : state.detail}
                {file && state.detail && <span className="field__detail"> {state.detail}</span>}
              </p>
              {file && <p className="field__detail">Image loaded locally (preview only)</p>}
              {file && (
                <button type="button" className="button button--small button--secondary" onClick={() => void start(file)}>
                  Retry
                </button>
              )}
            </div>
          )}
          {shown && state.kind !== 'uploading' && (
            <button type="button" className="button button--small button--ghost" onClick={remove}>
              Remove image
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
