import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';

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

export const lockdownParams = z.strictObject({ propertyId: idSchema });

/** POST /api/properties/:propertyId/lockdown: the whole property (no gateIds) or some of its gates. */
export const startLockdownRequest = z.strictObject({
  reason: boundedText('Reason', LOCKDOWN_REASON_MAX, LOCKDOWN_MESSAGES.reasonRequired).min(
    1,
    LOCKDOWN_MESSAGES.reasonRequired,
  ),
  gateIds: z.array(idSchema).min(1, LOCKDOWN_MESSAGES.chooseAGate).max(200).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
});
export type StartLockdownRequest = z.input<typeof startLockdownRequest>;

const personSummary = z.object({ _id: z.string(), name: z.string() }).nullable();

export const lockdownSchema = z.object({
  _id: z.string(),
  propertyId: z.string(),
  /** Null: every gate of the property. */
  gateIds: z.array(z.string()).nullable(),
  reason: z.string(),
  startedAt: z.string(),
  startedBy: personSummary,
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: personSummary,
});
export type LockdownDto = z.infer<typeof lockdownSchema>;

/** GET answers the lockdown in force, or null. */
export const activeLockdownResponse = lockdownSchema.nullable();
