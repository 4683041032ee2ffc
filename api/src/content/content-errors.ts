/**
 * A change of the content refused, its message written for the staff member who asked for it
 * (and each refused field's, by its name, for a form). The content module knows nothing of HTTP:
 * the app's error handler (plugins/errors.ts) answers each kind with its status.
 */
export class ContentRefusal extends Error {
  readonly fields: Record<string, string> | undefined;
  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.fields = fields;
  }
}

/** A value, or a state of the programme, that the change cannot take (answered 400). */
export class ContentRejected extends ContentRefusal {}

/** The content changed since the form or list was read, or a file cannot be edited here (answered 409). */
export class ContentConflict extends ContentRefusal {}

/** No such programme or change of the content (answered 404). */
export class ContentNotFound extends ContentRefusal {}
