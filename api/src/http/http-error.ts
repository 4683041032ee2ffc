/**
 * An error whose message is meant for the client, sent as `{ message }` with its status, and
 * `fields` (each refused field's message by its name) when a form was refused.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
  }
}
