/**
 * Why a session was ended by something other than its own browser, kept on the session row
 * (sessions.end_reason) so a browser whose token is then refused can be told.
 */
export const SESSION_END_REASONS = [
  'password-changed',
  'password-reset',
  'signed-out-elsewhere',
  'second-factor-changed',
  'second-factor-reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The sentence the sign-in page shows to the browser whose session ended for that reason. */
export const SIGNED_OUT_BECAUSE: Record<SessionEndReason, string> = {
  'password-changed': 'You were signed out because your password was changed. Sign in with your new password.',
  'password-reset': 'You were signed out because your password was reset. Sign in with your new password.',
  'signed-out-elsewhere': 'You were signed out from another of your devices. Sign in again to continue.',
  'second-factor-changed':
    'You were signed out because two-step verification on your account was changed. Sign in again to continue.',
  'second-factor-reset':
    'You were signed out because an administrator reset your two-step verification. Sign in again to continue.',
};

export function signedOutBecause(reason: string | null | undefined): string | undefined {
  return reason && reason in SIGNED_OUT_BECAUSE ? SIGNED_OUT_BECAUSE[reason as SessionEndReason] : undefined;
}
