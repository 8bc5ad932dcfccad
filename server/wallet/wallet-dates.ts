import { wallPartsAt, zoneOffsetMs } from '@core/time/zoned-time';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An instant as the property's clock reads it, with that moment's offset: 2026-03-08T09:00:00-04:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const p = wallPartsAt(instant, timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}
