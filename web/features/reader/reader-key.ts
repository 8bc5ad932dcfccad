/** Where this browser keeps the gate device key it was paired with (never sent in a URL). */
const STORAGE_KEY = 'gatehouse.reader.deviceKey';

/**
 * A pairing link `/reader#key=<device key>`: the key is kept and the fragment removed from the
 * address bar, so it is not left on screen or in the history.
 */
export function takeKeyFromAddress(): string | null {
  const key = new URLSearchParams(window.location.hash.slice(1)).get('key');
  if (!key) return null;
  localStorage.setItem(STORAGE_KEY, key);
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return key;
}

export const storedKey = (): string | null => localStorage.getItem(STORAGE_KEY);

export const forgetKey = () => localStorage.removeItem(STORAGE_KEY);
