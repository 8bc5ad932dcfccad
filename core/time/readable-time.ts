import { formatWall, wallPartsAt } from './zoned-time';

export function readableDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** An instant as the property's clock reads it: "Mon, Jun 2, 2025 08:00". */
function readableInstant(instant: Date, timeZone: string): string {
  const wall = formatWall(instant, timeZone);
  return `${readableDate(wall.date)} ${wall.time}`;
}

/**
 * The one way a person reads a time (docs/decisions/0085): "Thu, Nov 26, 2026 13:29 EST", on the
 * 24-hour clock of `timeZone` (the property's), with the zone named so a reader in another zone
 * cannot take it for their own.
 */
export function readableTime(instant: Date | string, timeZone: string): string {
  const at = new Date(instant);
  return `${readableInstant(at, timeZone)} ${wallPartsAt(at, timeZone).zoneName}`;
}

/**
 * A time of day in the same rule, for a time whose day is plain from where it is read
 * ("until 16:52 EST", "opens Mon 06:00 EST"): 24-hour clock, the zone named.
 */
export function readableClock(instant: Date | string, timeZone: string): string {
  const at = new Date(instant);
  return `${formatWall(at, timeZone).time} ${wallPartsAt(at, timeZone).zoneName}`;
}
