// What the browser's passkey prompt ends with, in words; apart from MESSAGES so the login form's
// first download does not carry them (only the lazily loaded passkey step does).
export const PASSKEY_BROWSER_MESSAGES = {
  cancelled: 'The passkey request was cancelled or timed out. Please try again.',
  alreadyOnDevice: 'This device already holds a passkey for your account.',
} as const;
