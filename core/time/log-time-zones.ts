// The two zones gate logs are read in (docs/SPEC.md §9): Eastern time with daylight saving, or UTC.
export const LOG_TIME_ZONES = ['EST', 'UTC'] as const;
export type LogTimeZone = (typeof LOG_TIME_ZONES)[number];

export const IANA_ZONES: Record<LogTimeZone, string> = { EST: 'America/New_York', UTC: 'UTC' };

export function ianaZoneOf(zone: LogTimeZone): string {
  return IANA_ZONES[zone];
}
