// The login page's words of single sign-on, apart from the request schemas: the login chunk loads no zod.
/** Single sign-on through the company's OpenID provider (issue 44). */
export const SSO_MESSAGES = {
  button: (label: string) => `Sign in with ${label}`,
  unknownEmail: (email: string) => `No Gatehouse account uses ${email}. Ask your property manager to invite you.`,
  unverifiedEmail: (email: string) =>
    `${email} is not verified by your identity provider. Ask your property manager to invite you.`,
  providerDown: (label: string) =>
    `${label} is not answering right now. Sign in with your email and password, or try again in a few minutes.`,
  failed: (label: string) => `Signing in with ${label} did not complete. Please try again.`,
} as const;

/** Why a provider's sign-in came back refused, in the login page's address (`?sso=`). */
export const SSO_OUTCOMES = ['unknown', 'unverified', 'failed'] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

/** The sentence the login page shows for `?sso=<outcome>&email=<email>`; null without one. */
export function ssoOutcomeSentence(outcome: string | null, email: string | null, label: string): string | null {
  if (outcome === 'unknown' && email) return SSO_MESSAGES.unknownEmail(email);
  if (outcome === 'unverified' && email) return SSO_MESSAGES.unverifiedEmail(email);
  if (outcome) return SSO_MESSAGES.failed(label);
  return null;
}
