import type { AccessGroupDto } from '@core/api/access-groups';
import { ALWAYS } from '@core/rules/schedule';
import { describe, expect, it } from 'vitest';
import { alwaysOpenedBy, residentsLeftOut } from './group-reach';

const all: AccessGroupDto = {
  _id: 'all',
  propertyId: 'p',
  name: 'All residents',
  gateIds: ['front', 'pool'],
  memberIds: ['ann', 'bo'],
  memberCount: 2,
  schedule: ALWAYS,
  followsAllGates: true,
  allResidents: true,
};

describe('group reach', () => {
  it('counts residents a change leaves in no gate group', () => {
    expect(residentsLeftOut(['ann', 'bo'], [all], { ...all, gateIds: ['front'] })).toBe(0);
    expect(residentsLeftOut(['ann', 'bo'], [all], { ...all, allResidents: false, memberIds: ['ann'] })).toBe(1);
    expect(residentsLeftOut(['ann', 'bo'], [all], { ...all, gateIds: [] })).toBe(2);
  });

  it('names a group that already opens these gates to these members at every hour', () => {
    const pool = { gateIds: ['pool'], memberIds: ['ann'], allResidents: false };
    expect(alwaysOpenedBy([all], pool)?.name).toBe('All residents');
    expect(alwaysOpenedBy([{ ...all, gateIds: ['front'] }], pool)).toBeNull();
    const nights = { ...all, schedule: { weekly: { mon: [{ from: '22:00', to: '06:00' }] }, exceptions: [] } };
    expect(alwaysOpenedBy([nights], pool)).toBeNull();
  });
});
