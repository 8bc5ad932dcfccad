/**
 * Wall-clock time in an IANA zone, with Intl only (browser and server alike).
 * A wall time is { date: 'yyyy-MM-dd', time: 'HH:mm' } as a person in that zone reads it.
 */
export interface WallTime {
  date: string;
  /** Minutes since local midnight, 0..1439. */
  minute: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekdayIndex: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> & {
  /** The zone's short name at that instant: EST or EDT in New York, UTC in UTC. */
  zoneName: string;
};

// Every gate scan asks for "now" in its property's zone, and formatToParts is slow: the last
// answer per zone is kept for the rest of its second (the parts have second resolution).
const lastPartsByZone = new Map<string, { second: number; parts: WallParts }>();

/** The zone's clock reading of an instant, to the second. */
export function wallPartsAt(instant: Date, timeZone: string): WallParts {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastPartsByZone.get(timeZone);
  if (last?.second === second) return last.parts;
  const parts = formattedParts(instant, timeZone);
  lastPartsByZone.set(timeZone, { second, parts });
  return parts;
}

function formattedParts(instant: Date, timeZone: string): WallParts {
  const parts: Record<string, number> = {};
  let zoneName = '';
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === 'timeZoneName') zoneName = part.value;
    else if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    zoneName,
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Milliseconds the zone is ahead of UTC at that instant. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = wallPartsAt(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** How the zone's clock reads at an instant. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const p = wallPartsAt(instant, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { date, minute: p.hour * 60 + p.minute, weekdayIndex: weekdayIndexOf(date) };
}

/** 0 = Monday ... 6 = Sunday, for a calendar date. */
export function weekdayIndexOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The instant a wall date and time happen in the zone. A time skipped by a spring-forward gap
 * moves forward by the gap (02:30 becomes 03:30); a time that happens twice on a fall-back day
 * is its first occurrence.
 */
export function wallToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(new Date(asUtc - 36 * 3600_000), timeZone);
  const after = zoneOffsetMs(new Date(asUtc + 36 * 3600_000), timeZone);
  // Earlier occurrence first: the offset in force before any transition that day.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const candidate = new Date(asUtc - offset);
    const wall = wallTimeAt(candidate, timeZone);
    if (wall.date === date && wall.minute === h * 60 + mi) return candidate;
  }
  return new Date(asUtc - before);
}

/** 'yyyy-MM-dd HH:mm' of an instant in the zone. */
export function formatWall(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallTimeAt(instant, timeZone);
  return { date: wall.date, time: `${pad(Math.floor(wall.minute / 60))}:${pad(wall.minute % 60)}` };
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallTimeAt(now, timeZone).date;
}

const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const WALL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * An instant from what a client sent: an ISO instant with an offset as is, or a wall date
 * ('yyyy-MM-dd', 'yyyy-MM-dd HH:mm[:ss]', 'yyyy-MM-ddTHH:mm') read in the zone. Null if unreadable.
 */
export function parseInstantInZone(value: string, timeZone: string): Date | null {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = WALL.exec(text);
  if (!match || !isCalendarDate(match[1])) return null;
  return wallToInstant(match[1], match[2] ?? '00:00', timeZone);
}

export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}
