import type { GateLogDto } from '@core/api/gate-log';
import { NotificationItem } from './notification-item';

/** The list inside the open bell; loaded on first opening, with the code that words each event. */
export function NotificationItems({
  logs,
  now,
  propertyId,
}: {
  logs: GateLogDto[];
  now: Date;
  propertyId: string | null;
}) {
  return logs.map((log) => <NotificationItem key={log._id} log={log} now={now} propertyId={propertyId} />);
}
