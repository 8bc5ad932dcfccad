import type { StartLockdownRequest } from '@core/api/lockdown';
import { LOCKDOWN_MESSAGES, LOCKDOWN_REASON_CHOICES } from '@core/api/lockdown-messages';
import { wallToInstant } from '@core/time/zoned-time';
import { z } from 'zod';

export const OTHER_REASON = 'Other';
export const REASON_OPTIONS = [...LOCKDOWN_REASON_CHOICES, OTHER_REASON];

export interface LockdownDraft {
  reasonChoice: string;
  otherReason: string;
  scope: 'property' | 'gates';
  gateIds: string[];
  endDate: string;
  endTime: string;
}

export const emptyLockdownDraft = (): LockdownDraft => ({
  reasonChoice: LOCKDOWN_REASON_CHOICES[0],
  otherReason: '',
  scope: 'property',
  gateIds: [],
  endDate: '',
  endTime: '',
});

/** The dialog's own checks, on the fields, in the server's words; the server checks again. */
export const lockdownDraftSchema = z
  .object({
    reasonChoice: z.string(),
    otherReason: z.string(),
    scope: z.enum(['property', 'gates']),
    gateIds: z.array(z.string()),
    endDate: z.string(),
    endTime: z.string(),
  })
  .superRefine((draft, ctx) => {
    if (draft.reasonChoice === OTHER_REASON && !draft.otherReason.trim())
      ctx.addIssue({ code: 'custom', path: ['otherReason'], message: LOCKDOWN_MESSAGES.reasonRequired });
    if (draft.scope === 'gates' && !draft.gateIds.length)
      ctx.addIssue({ code: 'custom', path: ['gateIds'], message: LOCKDOWN_MESSAGES.chooseAGate });
    if (draft.endTime && !draft.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: LOCKDOWN_MESSAGES.endDateRequired });
  });

/** The request: the end is the property's wall time (end of the day when no time is given). */
export function lockdownRequestOf(draft: LockdownDraft, timeZone: string): StartLockdownRequest {
  const reason = draft.reasonChoice === OTHER_REASON ? draft.otherReason.trim() : draft.reasonChoice;
  return {
    reason,
    ...(draft.scope === 'gates' ? { gateIds: draft.gateIds } : {}),
    ...(draft.endDate
      ? { endsAt: wallToInstant(draft.endDate, draft.endTime || '23:59', timeZone).toISOString() }
      : {}),
  };
}

/** Where the server's field errors show in the dialog. */
export const LOCKDOWN_FIELD_MAP = { reason: 'otherReason', endsAt: 'endDate' };
