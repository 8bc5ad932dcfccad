import { MESSAGE_TIMINGS_MS } from '@core/constants';
import { notifications } from '@mantine/notifications';

/** Per-visitor page toasts last 3 s (SPEC §9). */
export function pageToast(message: string, color: 'green' | 'red') {
  notifications.show({ message, color, autoClose: MESSAGE_TIMINGS_MS.toastVisitorQrPage });
}
