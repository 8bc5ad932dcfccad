import { describe, expect, it } from 'vitest';
import { changesBetween } from './activity-changes';

describe('changesBetween', () => {
  it('does not list a schedule as changed when only the order of its keys differs (jsonb reorders them)', () => {
    const written = { days: [{ day: 1, from: '06:00', to: '22:00' }], exceptions: [] };
    const readBack = { exceptions: [], days: [{ to: '22:00', day: 1, from: '06:00' }] };
    expect(changesBetween({ schedule: readBack, name: 'Pool' }, { schedule: written, name: 'Pool' })).toEqual({});
  });

  it('still lists a schedule whose hours changed', () => {
    const before = { days: [{ day: 1, from: '06:00', to: '22:00' }] };
    const after = { days: [{ day: 1, from: '07:00', to: '22:00' }] };
    expect(Object.keys(changesBetween({ schedule: before }, { schedule: after }))).toEqual(['schedule']);
  });
});
