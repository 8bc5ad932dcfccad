import { formatWall } from '@core/time/zoned-time';
import { changesBetween, created, removed } from '../activity/activity-changes';
import type { ActivityEntry } from '../activity/record-activity';
import type { QrCodeRow, VisitorRow } from './qr-code-queries';

/**
 * The trail's words for visitors and their passes. A pass's window is recorded as wall time in
 * its property's zone ("2026-06-30 09:00"), as the screens that edit it show it, not as instants.
 */
const wall = (instant: Date | null, timeZone: string) => {
  if (!instant) return null;
  const { date, time } = formatWall(instant, timeZone);
  return `${date} ${time}`;
};

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const passName = (code: QrCodeRow) => `${fullName({ firstName: code.qrFirstName, lastName: code.qrLastName })}'s pass`;

/** No rows is no value: a pass between two dates records no weekday or date rows at all. */
const listed = (rows: string[]) => (rows.length ? rows : null);

/** The fields of a pass the trail keeps; never its token, link or sealed token. */
function passFields(code: QrCodeRow, timeZone: string) {
  return {
    qrType: code.qrType,
    start: wall(code.startDate, timeZone),
    end: wall(code.endDate, timeZone),
    lifetimeValidity: code.lifetimeValidity,
    recurringDays: listed(code.recurringDays.map(({ day, startTime, endTime }) => `${day} ${startTime}–${endTime}`)),
    multipleDays: listed(code.multipleDays.map(({ date, startTime, endTime }) => `${date} ${startTime}–${endTime}`)),
    qrNotification: code.qrNotification,
  };
}

export const passObject = (code: QrCodeRow) => ({ kind: 'pass', id: code.id, propertyId: code.propertyId });
const visitorObject = (visitor: VisitorRow) => ({ kind: 'visitor', id: visitor.id, propertyId: visitor.propertyId });

export function visitorRegistered(visitor: VisitorRow, code: QrCodeRow, timeZone: string): ActivityEntry {
  const { qrNotification: _, ...window } = passFields(code, timeZone);
  return {
    summary: `Registered ${fullName(visitor)} as a visitor, pass from ${window.start}${window.end ? ` to ${window.end}` : ''}`,
    object: visitorObject(visitor),
    changes: created({ name: fullName(visitor), email: visitor.email, pass: code.id, ...window }),
  };
}

export function visitorUpdated(before: VisitorRow, after: Pick<VisitorRow, 'firstName' | 'lastName' | 'email'>) {
  return {
    summary: `Updated visitor ${fullName(after)}`,
    object: visitorObject(before),
    changes: changesBetween(before, { firstName: after.firstName, lastName: after.lastName, email: after.email }),
  } satisfies ActivityEntry;
}

export function visitorDeleted(visitor: VisitorRow, passes: number): ActivityEntry {
  return {
    summary: `Deleted visitor ${fullName(visitor)} and ${passes === 1 ? 'their pass' : `their ${passes} passes`}`,
    object: visitorObject(visitor),
    changes: removed({ name: fullName(visitor), email: visitor.email, passes }),
  };
}

/** A pass changed (window, expiry or arrival notification): only the fields that moved. */
export function passChanged(
  summary: (pass: string) => string,
  before: QrCodeRow,
  after: QrCodeRow,
  timeZone: string,
): ActivityEntry {
  return {
    summary: summary(passName(before)),
    object: passObject(before),
    changes: changesBetween(passFields(before, timeZone), passFields(after, timeZone)),
  };
}

export const PASS_SUMMARIES = {
  window: (pass: string) => `Changed the window of ${pass}`,
  expired: (pass: string) => `Expired ${pass} now`,
  notification: (on: boolean) => (pass: string) =>
    on ? `Turned on arrival notification for ${pass}` : `Turned off arrival notification for ${pass}`,
} as const;

export function passDeleted(code: QrCodeRow, timeZone: string): ActivityEntry {
  return {
    summary: `Deleted ${passName(code)}`,
    object: passObject(code),
    changes: removed(passFields(code, timeZone)),
  };
}
