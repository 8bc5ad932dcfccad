import type { QR_ENTRY_REASONS } from '../api/entry';
import { readableTime } from '../time/readable-time';
import type { QrWindow } from './qr-validity';
import { describeWindow } from './window-messages';

/** What a gate reader's screen tells the person holding a refused pass, in plain words. */
export function passNotice(outcome: keyof typeof QR_ENTRY_REASONS, code: QrWindow | null, timeZone: string): string {
  if (outcome === 'otherProperty') return 'Not a pass for this property';
  if (!code) return 'This code is not a valid pass';
  if (outcome === 'expired') return 'This pass has expired';
  if (outcome === 'not-yet-valid') return `This pass is not valid until ${readableTime(code.startDate, timeZone)}`;
  if (outcome === 'outside-window') return `This pass is valid ${describeWindow(code, timeZone)}, not now`;
  return 'This code is not a valid pass';
}
