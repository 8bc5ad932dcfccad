/**
 * Every action the trail records, by code, with the words the Activity screen filters by. The
 * part before the dot is the action's kind (the object it acts on).
 */
export const ACTIVITY_ACTIONS = {
  'account.sign-in': 'Signed in',
  'account.sign-in-failed': 'Sign-in failed',
  'account.second-factor': 'Passed two-step verification',
  'account.second-factor-failed': 'Two-step verification failed',
  'account.sign-out': 'Signed out',
  'account.session-revoked': 'Signed out a session',
  'account.password-changed': 'Changed password',
  'account.password-reset-requested': 'Asked for a password reset',
  'account.password-reset': 'Reset password',
  'account.registered': 'Registered',
  'account.email-verified': 'Verified email',
  'account.profile-updated': 'Updated profile',
  'account.preferences-updated': 'Updated notification preferences',
  'account.totp-enrolled': 'Set up an authenticator app',
  'account.second-factor-removed': 'Turned off two-step verification',
  'account.recovery-codes-renewed': 'Renewed recovery codes',
  'account.passkey-added': 'Added a passkey',
  'account.passkey-removed': 'Removed a passkey',
  'account.data-exported': 'Downloaded their data',
  'person.invite': 'Invited a person',
  'person.update': 'Updated a person',
  'person.delete': 'Deleted a person',
  'person.pin-reset': 'Reset a PIN',
  'person.pin-revealed': 'Revealed a PIN',
  'person.bulk-upload': 'Uploaded people in bulk',
  'person.suspend': "Paused a person's access",
  'person.resume': "Gave a person's access back",
  'person.erase': 'Erased a person',
  'lockdown.start': 'Started a lockdown',
  'lockdown.end': 'Ended a lockdown',
  'card.enrol': 'Enrolled a card',
  'card.update': 'Updated a card',
  'card.remove': 'Removed a card',
  'device.register': 'Added a gate device',
  'device.update': 'Updated a gate device',
  'device.delete': 'Deleted a gate device',
  'device.key-renewed': 'Renewed a device key',
  'gate.remote-open': 'Opened a gate remotely',
  'property.create': 'Created a property',
  'property.update': 'Updated a property',
  'property.delete': 'Deleted a property',
  'property.retention': 'Removed records past their retention',
  'visitor.register': 'Registered a visitor',
  'visitor.update': 'Updated a visitor',
  'visitor.delete': 'Deleted a visitor',
  'pass.create': 'Created a pass',
  'pass.update': 'Updated a pass',
  'pass.delete': 'Deleted a pass',
  'pass.resend': 'Sent a pass again',
  'delivery-pass.create': 'Created a delivery pass',
  'delivery-pass.share': 'Shared a delivery pass',
  'delivery-pass.revoke': 'Revoked a delivery pass',
  'activity.export': 'Exported the activity trail',
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_CODES = Object.keys(ACTIVITY_ACTIONS) as ActivityAction[];

/** 'card.enrol' → 'card': what the screen's "action kind" filter chooses among. */
export const actionKind = (action: string) => action.split('.')[0];
export const ACTIVITY_KINDS = [...new Set(ACTIVITY_ACTION_CODES.map(actionKind))];
