import type { UploadedImage } from '@cfp/shared';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { editorKeyboardHelp, RichTextEditor } from '../rich-text-editor.tsx';
import { FormField } from './form-field.tsx';

interface RichTextFieldProps<Values extends FieldValues> {
  control: Control<Values, unknown, unknown>;
  /** A field of the form holding HTML. */
  name: FieldPathByValue<Values, string>;
  label: string;
  placeholder?: string;
  /** See RichTextEditor's `onNormalise`. */
  onNormalise?: (from: string, to: string) => void;
  uploadImage: (file: File) => Promise<UploadedImage>;
}

/** A rich-text editor bound to a react-hook-form field, with its label, the editor's keys as hint, and its error. */
export function RichTextField<Values extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  onNormalise,
  uploadImage,
}: RichTextFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error} hint={editorKeyboardHelp} labelledBy>
          {(fieldControl, labelId) => (
            <RichTextEditor
              id={fieldControl.id}
              labelledBy={labelId}
              describedBy={fieldControl['aria-describedby']}
              invalid={fieldControl['aria-invalid']}
              value={field.value}
              onChange={field.onChange}
              onNormalise={onNormalise}
              placeholder={placeholder}
              uploadImage={uploadImage}
            />
          )}
        </FormField>
      )}
    />
  );
}
