import { readableTime } from '@core/time/readable-time';

const MACHINE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** The keys that hold a machine time (ISO, UTC) in the export, or null when there is none. */
const TIME_KEY = /(At|^at|Date|startsAt|endsAt)$/;

/** `T` without the `<key>Readable` fields withReadableTimes adds. */
export type MachineTimesOnly<T> = T extends (infer Item)[]
  ? MachineTimesOnly<Item>[]
  : T extends object
    ? { [K in keyof T as K extends `${string}Readable` ? never : K]: MachineTimesOnly<T[K]> }
    : T;

/**
 * A copy of `value` with `<key>Readable` beside every machine time in it ("Thu, Nov 26, 2026
 * 13:29 EST" on `timeZone`'s clock), null beside a time that is null.
 */
export function withReadableTimes<T>(value: MachineTimesOnly<T>, timeZone: string): T {
  if (Array.isArray(value)) return value.map((item) => withReadableTimes(item, timeZone)) as T;
  if (!value || typeof value !== 'object') return value as T;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (TIME_KEY.test(key) && (inner === null || (typeof inner === 'string' && MACHINE_TIME.test(inner)))) {
      copy[key] = inner;
      copy[`${key}Readable`] = inner === null ? null : readableTime(inner, timeZone);
    } else copy[key] = key === 'changes' ? inner : withReadableTimes(inner, timeZone);
  }
  return copy as T;
}
