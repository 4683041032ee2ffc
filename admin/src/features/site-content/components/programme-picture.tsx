import type { ContentSaveResponse, ProgrammeDetails } from '@cfp/shared';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeProgrammePicture, useProgrammePicture } from '../api/programme-picture.ts';
import { SaveOutcome } from './save-outcome.tsx';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * The programme's photo (superAdmins): shown on its card and at the top of its page instead of
 * the illustration. A new one is checked and resized by the API and saved as one commit.
 */
export function ProgrammePicture({ programme }: { programme: ProgrammeDetails }) {
  const current = useProgrammePicture(programme.slug, programme.picture);
  const shown = useObjectUrl(programme.picture ? current.data : undefined);
  const change = useChangeProgrammePicture();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its photo is saved.
  const [inputKey, setInputKey] = useState(0);
  const [outcome, setOutcome] = useState<ContentSaveResponse | null>(null);
  const inputId = `picture-${programme.slug}`;

  const send = (next: File | null) => {
    setOutcome(null);
    const saved = (response: ContentSaveResponse) => {
      setOutcome(response);
      setFile(null);
      setInputKey((key) => key + 1);
    };
    change.mutate({ slug: programme.slug, file: next }, { onSuccess: saved });
  };

  return (
    <section className="programme-picture" aria-labelledby="programme-picture-title">
      <h2 id="programme-picture-title">Photo</h2>
      <p className="programme-picture__text">
        {programme.picture
          ? 'Its card and the top of its page show this photo.'
          : 'Its card and page show a drawing in its department’s colour until it has a photo: landscape, at least 960 px wide, the subject in the middle.'}
      </p>
      {shown && <img className="programme-picture__image" src={shown} alt={`${programme.title}, as its card shows it now`} />}
      {outcome && <Alert kind="success">{outcome.message}.</Alert>}
      <div role="status">{outcome && <SaveOutcome key={outcome.commit} outcome={outcome} />}</div>
      {change.isError && <Alert kind="error">{errorMessage(change.error, 'The photo could not be saved.')}</Alert>}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {programme.picture ? 'A new photo' : 'A photo'}
        </label>
        <input
          key={inputKey}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="programme-picture__actions">
        <button type="button" className="button" disabled={!file || change.isPending} onClick={() => send(file)}>
          {change.isPending ? 'Saving...' : 'Save the photo'}
        </button>
        {programme.picture && (
          <button type="button" className="button button--secondary" disabled={change.isPending} onClick={() => send(null)}>
            Remove the photo
          </button>
        )}
      </div>
    </section>
  );
}
