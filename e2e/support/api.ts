import type { APIRequestContext } from '@playwright/test';
import type { Credentials } from './fixtures';

/** Calls the real API as a signed-in user, for setting up what a test needs. */
export async function apiToken(request: APIRequestContext, user: Credentials): Promise<string> {
  const response = await request.post('/api/resident/login', {
    data: { email: user.email, password: user.password, userType: user.role },
  });
  if (!response.ok()) throw new Error(`login as ${user.email} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).token;
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    data: data as object,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`${method} ${url} failed: ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
