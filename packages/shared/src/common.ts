import { z } from 'zod';
import { emailMaxLength, localizedFieldMessages } from './form-fields.ts';
import { type Locale, localeSchema } from './locales.ts';
import { normalisePhone } from './phone.ts';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Every error the API sends has this shape, whatever the status code.
 * @alias the same schema as messageResponse, named for what an error is
 */
export const errorResponse = messageResponse;

/** A refused form: the first problem as `message`, and each invalid field's message by its name. */
export const fieldErrorResponse = z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/**
 * Record ids are positive integers, sent as `_id` for compatibility with existing clients.
 * In URLs only plain decimal digits are ids: no hexadecimal, exponent, sign, spaces or leading zero.
 */
export const idParams = z.object({
  id: z
    .string({ error: 'id is required' })
    .regex(/^[1-9][0-9]{0,14}$/, { error: 'id must be a positive decimal integer, such as 3' })
    .transform(Number),
});

/** E-mail addresses are compared trimmed and in lower case everywhere. */
function emailField(errors: { required: string; tooLong: string; invalid: string }) {
  return z
    .string({ error: errors.required })
    .trim()
    .toLowerCase()
    .min(1, { error: errors.required })
    .max(emailMaxLength, { error: errors.tooLong })
    .pipe(z.email({ error: errors.invalid }));
}

/** An address typed in the admin: English errors. */
export const emailAddress = emailField({
  required: 'email is required',
  tooLong: 'email is too long',
  invalid: 'email is not a valid email address',
});

/** An address typed on the public site: errors in the visitor's language (French unless told). */
export const visitorEmailAddress = (required: string, locale: Locale = 'fr') =>
  emailField({
    required,
    tooLong: localizedFieldMessages[locale].emailTooLong,
    invalid: localizedFieldMessages[locale].emailInvalid,
  });

/**
 * A phone number typed on the public site, in any of the Cameroonian forms `normalisePhone`
 * accepts, given on in E.164 (the form tel: and wa.me links need).
 */
export const visitorPhoneNumber = (label: string, max: number, locale: Locale = 'fr') => {
  const messages = localizedFieldMessages[locale];
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, { error: messages.required(label) })
    .max(max, { error: messages.tooLong(label, max) })
    .transform((value, context) => {
      const e164 = normalisePhone(value);
      if (!e164) context.addIssue({ code: 'custom', message: messages.phoneInvalid });
      return e164 ?? value;
    });
};

/**
 * Control characters (Cc: line breaks, tabs, NUL…), invisible formatting (Cf: bidi overrides,
 * zero-width characters) and Unicode's line and paragraph separators: none belongs in a name.
 */
export const controlCharacter = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * A public form's name or town holds one line of visible text: a first name with line breaks
 * would write the stranger's own paragraphs into the centre's e-mails. In the visitor's language.
 */
export const singleLine = <T extends z.ZodString>(schema: T, label: string, locale: Locale = 'fr') =>
  schema.refine((value) => !controlCharacter.test(value), { error: localizedFieldMessages[locale].oneLine(label) });

/**
 * A required line of text typed on the public site, trimmed, at most `max` characters, its
 * errors in the visitor's language.
 */
export const visitorText = (label: string, max: number, locale: Locale = 'fr') => {
  const messages = localizedFieldMessages[locale];
  return z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, { error: messages.required(label) })
    .max(max, { error: messages.tooLong(label, max) });
};

/** What an admin list is searched for (`q`): a line of text, which SQLite's full-text search takes whole. */
export const searchText = z
  .string()
  .trim()
  .max(100, { error: 'q must be at most 100 characters' })
  .refine((value) => !controlCharacter.test(value), { error: 'q cannot contain control characters' });

/** An optional field a form sends empty when nothing was chosen. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The language of the page a public form was sent from: the API answers, and writes to the
 * visitor, in it. French when absent (pages and clients older than the English site) or unknown.
 */
export const formLanguage = localeSchema.default('fr').catch('fr');
