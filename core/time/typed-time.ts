const TYPED = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(a|p|am|pm|a\.m\.|p\.m\.)?$/;

/**
 * A time of day as a person types it, on the 24-hour clock the app shows: "9am" and "9" are
 * "09:00", "9:30 pm" and "2130" are "21:30", "12am" is "00:00", "noon" "12:00". "24:00" stays (the
 * end of a day in a schedule). Null when it is not a time of day.
 */
export function parseTypedTime(typed: string): string | null {
  const text = typed.trim().toLowerCase();
  if (text === 'noon' || text === 'midday') return '12:00';
  if (text === 'midnight') return '00:00';
  const match = TYPED.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const half = match[3]?.[0];
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour === 24 && minute === 0) return '24:00';
  if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
