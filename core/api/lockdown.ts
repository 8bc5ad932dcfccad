import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';
import { LOCKDOWN_MESSAGES, LOCKDOWN_REASON_MAX } from './lockdown-messages';

export { LOCKDOWN_MESSAGES };

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
