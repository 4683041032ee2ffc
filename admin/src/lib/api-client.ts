import { getToken } from '../features/auth/session.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Fired when the API refuses the stored token, so the app can send the user back to login. */
export const sessionExpiredEvent = 'admin:session-expired';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** The one way the admin talks to the API: JSON in, JSON out, errors as ApiError with the server's message. */
export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (text && !contentType.includes('application/json')) {
    throw new ApiError(
      response.status,
      text.trimStart().startsWith('<')
        ? 'Server returned HTML instead of JSON. Check your backend route.'
        : 'Server did not return JSON. Check your backend route.',
    );
  }
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    if (response.status === 401 && token) window.dispatchEvent(new Event(sessionExpiredEvent));
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : `Request failed (${response.status})`);
  }
  return data as T;
}
