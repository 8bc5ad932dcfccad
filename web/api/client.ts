import { ApiError, type ErrorDetails } from '@core/api/api-error';
import { MESSAGES } from '@core/messages';
import { readToken } from './token-cookie';

/** `why`: the server's sentence when it ended the session itself (the person's access is paused). */
type SessionRefused = (why: string | undefined) => void;
let sessionRefused: SessionRefused | null = null;

/** Called when the server refuses the session (ended elsewhere or expired): the app signs out. */
export function whenSessionRefused(handler: SessionRefused | null) {
  sessionRefused = handler;
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The one API client: JSON in and out, bearer token from the cookie, `{ message }` errors. */
export async function api<T>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Query } = {},
): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const serverMessage = typeof data?.message === 'string' ? data.message : null;
    if (response.status === 401 && token && serverMessage === MESSAGES.sessionExpired)
      sessionRefused?.(typeof data?.signedOutBecause === 'string' ? data.signedOutBecause : undefined);
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed with status ${response.status}`,
      serverMessage,
      detailsOf(data),
    );
  }
  return data as T;
}

function detailsOf(data: Record<string, unknown> | null): ErrorDetails {
  const fieldErrors = data?.fieldErrors;
  return {
    fieldErrors: fieldErrors && typeof fieldErrors === 'object' ? (fieldErrors as Record<string, string>) : undefined,
    signInAs: typeof data?.signInAs === 'string' ? data.signInAs : undefined,
  };
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's message when there is one, else the screen's own fallback text. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
