import { ianaZoneOf, type LogTimeZone } from './log-time-zones';
import { wallPartsAt } from './zoned-time';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "2026-03-07 10:15:00 EST": the date the zone requires, EST or EDT by daylight saving. */
export function formatLogTime(instant: Date | string, zone: LogTimeZone): string {
  const p = wallPartsAt(new Date(instant), ianaZoneOf(zone));
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${p.zoneName}`;
}
