import { ianaZoneOf, type LogTimeZone } from './log-time-zones';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** EST or EDT in Eastern time, UTC in UTC. */
  abbreviation: string;
}

/** The wall-clock reading of an instant in an IANA zone. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    abbreviation: parts.timeZoneName,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDateOf(wall: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** "2026-03-07 10:15:00 EST": the date the zone requires, EST or EDT by daylight saving. */
export function formatLogTime(instant: Date | string, zone: LogTimeZone): string {
  const wall = wallTimeIn(new Date(instant), ianaZoneOf(zone));
  return `${isoDateOf(wall)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)} ${wall.abbreviation}`;
}
