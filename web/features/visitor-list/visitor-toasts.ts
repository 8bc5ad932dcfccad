import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { notifications } from '@mantine/notifications';

/** Visitor List toasts last 2 s (SPEC §9). */
export function toast(message: string, color: 'green' | 'red') {
  notifications.show({ message, color, autoClose: MESSAGE_TIMINGS_MS.toastVisitorList });
}
