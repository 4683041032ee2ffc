import { apiUrl } from '../config.ts';
import { getToken } from './session-storage.ts';

/** An answer the API refused. `message` is the server's own message, or '' when it sent none. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
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
    const error = new ApiError(response.status, errorText(text, response.headers.get('content-type') ?? ''));
    if (response.status === 401 && token && !sessionCheck) {
      window.dispatchEvent(new CustomEvent(sessionExpiredEvent, { detail: error.message }));
    }
    throw error;
  }
  return response;
}

function errorText(text: string, contentType: string): string {
  if (!text) return '';
  if (!contentType.includes('application/json')) return nonJsonMessage(text);
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
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
