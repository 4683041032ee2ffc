import { apiUrl } from '../config.ts';
import { getToken } from './session-storage.ts';

/** A refused form's messages by field path (`phones.0.number`), as the API's fieldErrorResponse gives them. */
type FieldMessages = Record<string, string>;

/**
 * An answer the API refused. `message` is the server's own message, or '' when it sent none;
 * `fields` the message of each field it refused, when it named any.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: FieldMessages | undefined;
  constructor(status: number, message: string, fields?: FieldMessages) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/**
 * Fired when the API refuses the stored token mid-session (expired, revoked), so the app can send
 * the user back to login. `detail` is the server's message, or ''.
 */
export const sessionExpiredEvent = 'admin:session-expired';

/** What the login page says when the server gave no reason. */
export const sessionExpiredFallback = 'Your session has expired. Please log in again.';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body is sent as multipart; anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Login must not send a stale token, nor count its 401 as an expired session. */
  anonymous?: boolean;
  /** The session check itself: its guard handles a refusal, so no event is fired. */
  sessionCheck?: boolean;
}

async function send(
  path: string,
  { method = 'GET', body, signal, anonymous = false, sessionCheck = false }: RequestOptions,
  accept: string,
) {
  const headers: Record<string, string> = { accept };
  const token = anonymous ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';

  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    const { message, fields } = errorBody(text, response.headers.get('content-type') ?? '');
    const error = new ApiError(response.status, message, fields);
    if (response.status === 401 && token && !sessionCheck) {
      window.dispatchEvent(new CustomEvent(sessionExpiredEvent, { detail: error.message }));
    }
    throw error;
  }
  return response;
}

function errorBody(text: string, contentType: string): { message: string; fields?: FieldMessages } {
  if (!text) return { message: '' };
  if (!contentType.includes('application/json')) return { message: nonJsonMessage(text) };
  try {
    const { message, fields } = JSON.parse(text) as { message?: unknown; fields?: unknown };
    return { message: typeof message === 'string' ? message : '', ...fieldMessages(fields) };
  } catch {
    return { message: '' };
  }
}

/** Only string messages keyed by field are kept: anything else the server sent is not for a field. */
function fieldMessages(fields: unknown): { fields?: FieldMessages } {
  if (!fields || typeof fields !== 'object') return {};
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? { fields: Object.fromEntries(entries) } : {};
}

function nonJsonMessage(text: string): string {
  return text.trimStart().startsWith('<')
    ? 'Server returned HTML instead of JSON. Check your backend route.'
    : 'Server did not return JSON. Check your backend route.';
}

/** The one way the admin talks to the API: JSON in, JSON out, errors as ApiError with the server's message. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  const text = await response.text();
  if (!text) return undefined as T;
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new ApiError(response.status, nonJsonMessage(text));
  }
  return JSON.parse(text) as T;
}

/** The same request, for answers that are files (CSV export). */
export async function apiFetchFile(path: string, accept: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, accept);
  return response.blob();
}

/**
 * The server's message when it sent one, else the screen's own fallback. A request that got no
 * answer at all (network down) may have its own wording: the admin tells 'Failed to delete blog'
 * (refused) from 'Error deleting blog' (never answered).
 */
export function errorMessage(error: unknown, fallback: string, unansweredFallback = fallback): string {
  if (!(error instanceof ApiError)) return unansweredFallback;
  return error.message || fallback;
}
