/**
 * Form facts the browser needs without the schemas (which bring zod): each field's name and the
 * longest value it takes. The API refuses more; the site's inputs type no more.
 */
export const emailMaxLength = 254;
/** The hidden field people leave empty and bots fill in. */
export const honeypotMaxLength = 500;

export const contactLimits = {
  firstName: 100,
  lastName: 100,
  email: emailMaxLength,
  phone: 40,
  message: 5000,
  programme: 120,
  website: honeypotMaxLength,
} as const;

export const callbackLimits = {
  name: 200,
  phone: 40,
  programme: 120,
  website: honeypotMaxLength,
} as const;

export const applicationLimits = {
  programme: 120,
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: emailMaxLength,
  town: 120,
  message: 2000,
  note: 2000,
  website: honeypotMaxLength,
} as const;
