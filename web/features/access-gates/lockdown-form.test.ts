import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { describe, expect, it } from 'vitest';
import { emptyLockdownDraft, lockdownDraftSchema, lockdownRequestOf, OTHER_REASON } from './lockdown-form';

const issues = (draft: object) => {
  const parsed = lockdownDraftSchema.safeParse({ ...emptyLockdownDraft(), ...draft });
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the lockdown dialog', () => {
  it('sends the chosen reason for the whole property, with no end, by default', () => {
    expect(lockdownRequestOf(emptyLockdownDraft(), 'America/New_York')).toEqual({ reason: 'Intruder on the property' });
  });

  it('takes the end as the property’s wall time, not the browser’s', () => {
    const draft = { ...emptyLockdownDraft(), endDate: '2026-07-04', endTime: '18:30' };
    expect(lockdownRequestOf(draft, 'America/Los_Angeles').endsAt).toBe('2026-07-05T01:30:00.000Z');
    expect(lockdownRequestOf(draft, 'Europe/Berlin').endsAt).toBe('2026-07-04T16:30:00.000Z');
  });

  it('sends the typed reason and the chosen gates', () => {
    const draft = {
      ...emptyLockdownDraft(),
      reasonChoice: OTHER_REASON,
      otherReason: ' Gas leak ',
      scope: 'gates' as const,
      gateIds: ['g1'],
    };
    expect(lockdownRequestOf(draft, 'UTC')).toEqual({ reason: 'Gas leak', gateIds: ['g1'] });
  });

  it('says on the field what is missing', () => {
    expect(issues({ reasonChoice: OTHER_REASON, otherReason: '  ' })).toEqual({
      otherReason: LOCKDOWN_MESSAGES.reasonRequired,
    });
    expect(issues({ scope: 'gates', gateIds: [] })).toEqual({ gateIds: LOCKDOWN_MESSAGES.chooseAGate });
    expect(issues({ endTime: '10:00' })).toEqual({ endDate: LOCKDOWN_MESSAGES.endDateRequired });
    expect(issues({})).toEqual({});
  });
});
