import { readableInstant } from '../validity/window-words';
import { wallPartsAt } from './zoned-time';

/**
 * The one way a person reads a time: "Thu, Nov 26, 2026 13:29 EST", on the clock of
 * `timeZone` (the property's, or for sessions the viewer's), with the zone named so a reader in
 * another zone cannot take it for their own.
 */
export function readableTime(instant: Date | string, timeZone: string): string {
  const at = new Date(instant);
  return `${readableInstant(at, timeZone)} ${wallPartsAt(at, timeZone).zoneName}`;
}

/** The zone this browser or process reads its clock in. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
