/** Where this browser keeps a forced relay-only policy (decision 0096). */
const STORAGE_KEY = 'gatehouse.intercom.ice';

/**
 * `?ice=relay` in any address of the app (or the reader) makes this browser's calls use TURN relays
 * only, until `?ice=all`; tests prove the coturn path with it, and a site whose gate tablet must
 * never learn a resident's address can pin it the same way. Read when a page that may call loads
 * (the reader, the signed-in app), since the app's own links drop the query.
 */
export function rememberIcePolicyFromAddress() {
  const asked = new URLSearchParams(window.location.search).get('ice');
  try {
    if (asked === 'relay') localStorage.setItem(STORAGE_KEY, 'relay');
    else if (asked === 'all') localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the address still decides for this page.
  }
  return asked;
}

export function iceTransportPolicy(): RTCIceTransportPolicy {
  const asked = rememberIcePolicyFromAddress();
  if (asked === 'relay' || asked === 'all') return asked;
  try {
    return localStorage.getItem(STORAGE_KEY) === 'relay' ? 'relay' : 'all';
  } catch {
    return 'all';
  }
}
