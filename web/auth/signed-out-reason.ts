const KEY = 'gatehouse.signedOutBecause';

/**
 * Why the server ended this browser's session (a suspension, access dates, a password change,
 * another device), kept in the tab's storage so the sign-in page it lands on can say it, until
 * someone signs in again.
 */
export function rememberSignedOutReason(why: string) {
  sessionStorage.setItem(KEY, why);
}

export function signedOutReason(): string | null {
  return sessionStorage.getItem(KEY);
}

export function forgetSignedOutReason() {
  sessionStorage.removeItem(KEY);
}
