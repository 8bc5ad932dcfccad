import type { AccessGroupDto } from '@core/api/access-groups';
import { type AccessSchedule, SCHEDULE_DAYS } from '@core/rules/schedule';

/** A group as the editor holds it: what decides who it lets through which gates. */
export type GroupReach = Pick<AccessGroupDto, 'gateIds' | 'memberIds' | 'allResidents'> & { _id?: string };

const letsIn = (group: GroupReach, residentId: string) =>
  group.gateIds.length > 0 && (group.allResidents || group.memberIds.includes(residentId));

/**
 * How many of the listed residents one of the groups lets through a gate now, and none would once
 * the edited group (new, or replacing the one with its id) is saved.
 */
export function residentsLeftOut(residentIds: string[], groups: GroupReach[], edited: GroupReach): number {
  const after = [...groups.filter((group) => !edited._id || group._id !== edited._id), edited];
  return residentIds.filter(
    (id) => groups.some((group) => letsIn(group, id)) && !after.some((group) => letsIn(group, id)),
  ).length;
}

/** Open every day all day, with no exception closing a date. */
const opensAtEveryHour = (schedule: AccessSchedule) =>
  schedule.exceptions.length === 0 &&
  SCHEDULE_DAYS.every((day) => (schedule.weekly[day] ?? []).some((r) => r.from === '00:00' && r.to === '24:00'));

/**
 * Another group that already lets every member of the edited group through all of its gates at
 * every hour: the edited group's hours then change nothing there. Null when there is none.
 */
export function alwaysOpenedBy(groups: AccessGroupDto[], edited: GroupReach): AccessGroupDto | null {
  if (edited.gateIds.length === 0) return null;
  return (
    groups.find(
      (other) =>
        other._id !== edited._id &&
        opensAtEveryHour(other.schedule) &&
        edited.gateIds.every((gate) => other.gateIds.includes(gate)) &&
        (other.allResidents || (!edited.allResidents && edited.memberIds.every((id) => other.memberIds.includes(id)))),
    ) ?? null
  );
}
