import { ApiError } from '@core/api/api-error';
import { readToken } from './token-cookie';

/** Fetches a file the server sends as an attachment and has the browser save it under its name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
