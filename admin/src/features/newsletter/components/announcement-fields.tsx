import { newsletterSubjectMax, type UploadedImage } from '@cfp/shared';
import type { UseFormReturn } from 'react-hook-form';
import { RichTextField } from '../../../components/form/rich-text-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';

export interface AnnouncementValues {
  subject: string;
  html: string;
  subjectEn: string;
  htmlEn: string;
}

export const emptyAnnouncement: AnnouncementValues = { subject: '', html: '', subjectEn: '', htmlEn: '' };

type AnnouncementForm = UseFormReturn<AnnouncementValues, unknown, unknown>;

/**
 * An announcement: a subject and a text, and the same in English for English subscribers (both
 * or neither; without them they get the French with a line saying so).
 */
export function AnnouncementFields({
  form,
  uploadImage,
}: {
  form: AnnouncementForm;
  uploadImage: (file: File) => Promise<UploadedImage>;
}) {
  const { errors } = form.formState;
  const hasEnglishError = Boolean(errors.subjectEn || errors.htmlEn);
  return (
    <>
      <TextField
        label="Subject *"
        registration={form.register('subject')}
        error={errors.subject}
        maxLength={newsletterSubjectMax}
        hint="What subscribers read in their inbox, before opening it."
      />
      <RichTextField control={form.control} name="html" label="Text *" uploadImage={uploadImage} />
      <details className="newsletter__english" open={hasEnglishError || undefined}>
        <summary>English version (optional)</summary>
        <p className="field__hint">
          Subscribers who signed up on the English site get it. Without it they get the French text, with a line saying it is only
          in French.
        </p>
        <TextField
          label="English subject"
          registration={form.register('subjectEn')}
          error={errors.subjectEn}
          maxLength={newsletterSubjectMax}
        />
        <RichTextField control={form.control} name="htmlEn" label="English text" uploadImage={uploadImage} />
      </details>
    </>
  );
}
