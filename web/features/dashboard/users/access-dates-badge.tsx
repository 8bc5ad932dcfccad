import type { ManagedUser } from '@core/api/dashboard';
import { DEFAULT_TIME_ZONE } from '@core/constants';
import { readableDate } from '@core/time/readable-time';
import { todayIn } from '@core/time/zoned-time';
import { Badge } from '@mantine/core';

/** "Dec 1", month first as readableTime writes dates, with the year when it is not this one. */
function shortDate(date: string, today: string) {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(date.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
}

/**
 * A badge for access dates that leave the person out today, on their property's calendar: access
 * not started yet ("Starts Dec 1") or ended ("Ended Nov 20", the last day). Nothing inside them.
 */
export function AccessDatesBadge({ user }: { user: ManagedUser }) {
  const today = todayIn(user.property?.timeZone ?? DEFAULT_TIME_ZONE);
  if (user.accessFrom && today < user.accessFrom)
    return (
      <Badge color="blue" variant="outline" title={`Access starts on ${readableDate(user.accessFrom)}`}>
        Starts {shortDate(user.accessFrom, today)}
      </Badge>
    );
  if (user.accessUntil && today > user.accessUntil)
    return (
      <Badge color="gray" variant="outline" title={`The last day of access was ${readableDate(user.accessUntil)}`}>
        Ended {shortDate(user.accessUntil, today)}
      </Badge>
    );
  return null;
}
