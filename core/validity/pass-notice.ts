import type { QR_ACCESS_REASONS } from '../api/access';
import type { QrWindow } from './qr-validity';
import { describeWindow } from './window-words';

const SIX_DAYS_MS = 6 * 24 * 3600_000;

/** "Friday 9:00 AM" within the coming week, "Friday, June 12 9:00 AM" beyond it, on the property's clock. */
export function readableOpening(instant: Date, timeZone: string, now: Date): string {
  const soon = instant.getTime() - now.getTime() < SIX_DAYS_MS;
  const day = instant.toLocaleDateString('en-US', {
    timeZone,
    weekday: 'long',
    ...(soon ? {} : { month: 'long', day: 'numeric' }),
  });
  const time = instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day} ${time}`;
}

/** What a gate reader's screen tells the person holding a refused pass, in plain words. */
export function passNotice(
  outcome: keyof typeof QR_ACCESS_REASONS,
  code: QrWindow | null,
  timeZone: string,
  now: Date,
): string {
  if (outcome === 'otherProperty') return 'Not a pass for this property';
  if (!code) return 'This code is not a valid pass';
  if (outcome === 'expired') return 'This pass has expired';
  if (outcome === 'not-yet-valid')
    return `This pass is not valid until ${readableOpening(code.startDate, timeZone, now)}`;
  if (outcome === 'outside-window') return `This pass is valid ${describeWindow(code, timeZone)}, not now`;
  return 'This code is not a valid pass';
}
