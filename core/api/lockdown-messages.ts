// Texts of the lockdown, apart from the schemas so the gates screen showing them need not load zod.
export const LOCKDOWN_MESSAGES = {
  reasonRequired: 'Say why the property is locked down',
  alreadyInForce: 'A lockdown is already in force at this property. End it before starting another.',
  noneInForce: 'No lockdown is in force at this property.',
  notThisPropertysGate: 'Choose gates of this property only.',
  chooseAGate: 'Choose at least one gate, or lock down the whole property.',
  endsInThePast: 'The end time must be in the future.',
  started: 'Lockdown started',
  ended: 'Lockdown ended',
  /** The gate log's rows (status 'notice'): what happened and why. */
  logStarted: (reason: string) => `Lockdown started: ${reason}`,
  logEnded: (reason: string) => `Lockdown ended: ${reason}`,
  logEndedOnTime: (reason: string) => `Lockdown ended at its end time: ${reason}`,
  /** The log's "Access By" of an end nobody pressed, and its "Device" for the whole property. */
  scheduledEnd: 'Scheduled end',
  allGates: 'All gates',
  /** Screens: the button, the dialog and the red banner. */
  lockDown: 'Lock down',
  lockDownProperty: (propertyName: string) => `Lock down ${propertyName}`,
  startLockdown: 'Start lockdown',
  endLockdown: 'End lockdown',
  endConfirm: 'The gates will open again for everyone allowed to use them.',
  dialogHelp:
    'Every app, PIN, card and pass will be refused at once, except managers. Every manager of the property is emailed.',
  otherReason: 'Other reason',
  banner: (since: string, reason: string) => `Lockdown in force since ${since} — ${reason}`,
  bannerEnds: (at: string) => `Ends by itself on ${at}.`,
  bannerGates: (names: string) => `Locked gates: ${names}.`,
  residentNote: 'The gates do not open from the app, PINs, cards or passes until a manager ends it.',
  endHelp: (timeZone: string) => `Optional: leave empty to end it by hand. Property time (${timeZone}).`,
  endDateRequired: 'Choose the end date, or clear the end time',
  gateLockedButton: 'Gate locked down',
  startFailed: 'The lockdown could not be started.',
  endFailed: 'The lockdown could not be ended.',
} as const;

/** Reasons a manager picks with one tap; any other is typed. */
export const LOCKDOWN_REASON_CHOICES = [
  'Intruder on the property',
  'Police request',
  'Storm or severe weather',
] as const;

export const LOCKDOWN_REASON_MAX = 200;
