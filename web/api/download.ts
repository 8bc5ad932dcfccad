import { ApiError } from '@core/api/api-error';
import { readToken } from './token-cookie';

/**
 * Fetches a file the server sends as an attachment (a CSV export, a person's data) with the query's
 * non-empty values, and has the browser save it under the name the server gave.
 */
export async function downloadFile(path: string, query: Record<string, unknown>, fallbackName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const token = readToken();
  const search = params.size ? `?${params}` : '';
  const response = await fetch(`${path}${search}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const message = ((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? null;
    throw new ApiError(response.status, message ?? `Request failed with status ${response.status}`, message);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
