import { PUSH_MESSAGES } from '@core/api/push-messages';
import { deviceWithPropertyOf } from '../device-records/device-places';
import type { PushNotice, PushRenderer } from '../push/push-notice-text';

type GateNotice = Extract<PushNotice, { event: 'gate-failed' | 'keypad-locked' | 'device-offline' | 'device-online' }>;

/** The pushes about a gate itself: a failed opening, a locked keypad, a gate gone offline or back. */
export const renderGateNotice: PushRenderer<GateNotice> = async (db, notice) => {
  const device = await deviceWithPropertyOf(db, notice.deviceId);
  if (!device) return null;
  switch (notice.event) {
    case 'gate-failed':
      return { body: PUSH_MESSAGES.gateFailed(device.deviceName), url: '/access-gates' };
    case 'keypad-locked':
      return { body: PUSH_MESSAGES.keypadLocked(device.deviceName, device.propertyName), url: '/gate-logs' };
    case 'device-offline':
      return { body: PUSH_MESSAGES.deviceOffline(device.deviceName, device.propertyName), url: '/dashboard' };
    case 'device-online':
      return { body: PUSH_MESSAGES.deviceOnline(device.deviceName, device.propertyName), url: '/dashboard' };
  }
};
