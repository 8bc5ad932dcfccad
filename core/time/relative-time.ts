const UNITS = [
  { name: 'year', seconds: 365 * 24 * 3600 },
  { name: 'month', seconds: 30 * 24 * 3600 },
  { name: 'day', seconds: 24 * 3600 },
  { name: 'hour', seconds: 3600 },
  { name: 'minute', seconds: 60 },
] as const;

/** "Just now", then "n minutes/hours/days/months/years ago" (docs/SPEC.md §2 Notification bell). */
export function relativeTime(then: Date | string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(then).getTime()) / 1000);
  for (const unit of UNITS) {
    const count = Math.floor(seconds / unit.seconds);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? '' : 's'} ago`;
  }
  return 'Just now';
}
