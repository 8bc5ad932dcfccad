import type { RelayLogDto } from '@core/api/relay-logs';
import { NotificationItem } from './notification-item';

/** The list inside the open bell; loaded on first opening, with the code that words each event. */
export function NotificationItems({ logs, now }: { logs: RelayLogDto[]; now: Date }) {
  return logs.map((log) => <NotificationItem key={log._id} log={log} now={now} />);
}
