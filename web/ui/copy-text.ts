import { toast } from './toast';

/** Puts `text` on the clipboard and says so (`copied`), or says `failed` when the browser refuses. */
export async function copyText(text: string, copied: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied, 'success');
  } catch {
    toast(failed, 'error');
  }
}
