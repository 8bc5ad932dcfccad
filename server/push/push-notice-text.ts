import type { PushPayload } from '@core/api/push';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { deliveryPasses } from '../delivery/delivery-tables';
import { devices } from '../device-records/device-tables';
import type { Orm } from '../platform/db/connect';
import { propertyNameColumn } from '../property-records/property-queries';
import { lockdowns } from '../property-rules/property-rule-tables';
import { qrCodes } from '../visitors/visitor-tables';

/** What happened, by reference: the sentence is written from the rows when the push is sent. */
export const pushNotice = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('visitor-arrived'), qrCodeId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('delivery-used'), passId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.enum(['device-offline', 'device-online']), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('gate-failed'), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('keypad-locked'), deviceId: z.uuid() }),
  z.strictObject({ event: z.enum(['lockdown-started', 'lockdown-ended']), lockdownId: z.uuid() }),
  z.strictObject({ event: z.literal('intercom-call'), callId: z.uuid() }),
]);
export type PushNotice = z.output<typeof pushNotice>;

async function gateName(db: Orm, deviceId: string) {
  const [device] = await db
    .select({ deviceName: devices.deviceName, propertyName: propertyNameColumn(devices.propertyId) })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return device;
}

async function renderLockdown(db: Orm, lockdownId: string, started: boolean): Promise<PushPayload | null> {
  const [row] = await db
    .select({ reason: lockdowns.reason, propertyName: propertyNameColumn(lockdowns.propertyId) })
    .from(lockdowns)
    .where(eq(lockdowns.id, lockdownId));
  if (!row) return null;
  const body = started
    ? PUSH_MESSAGES.lockdownStarted(row.propertyName, row.reason)
    : PUSH_MESSAGES.lockdownEnded(row.propertyName);
  return { body, url: '/access-gates' };
}

type CallRenderer = (db: Orm, callId: string) => Promise<PushPayload | null>;
let callRenderer: CallRenderer | null = null;

/**
 * How an intercom call's ring is written (server/intercom/call-ring.ts): given by the app's wiring,
 * since the intercom sends pushes and push must not depend on it.
 */
export function renderIntercomCallsWith(renderer: CallRenderer) {
  callRenderer = renderer;
}

/** The sentence and the screen a tap opens; null when what it is about is gone. */
export async function renderNotice(db: Orm, notice: PushNotice): Promise<PushPayload | null> {
  if ('lockdownId' in notice) return renderLockdown(db, notice.lockdownId, notice.event === 'lockdown-started');
  if ('callId' in notice) return callRenderer ? callRenderer(db, notice.callId) : null;
  const device = await gateName(db, notice.deviceId);
  if (!device) return null;
  switch (notice.event) {
    case 'visitor-arrived': {
      const [code] = await db
        .select({ firstName: qrCodes.qrFirstName })
        .from(qrCodes)
        .where(eq(qrCodes.id, notice.qrCodeId));
      if (!code) return null;
      return { body: PUSH_MESSAGES.visitorArrived(code.firstName, device.deviceName), url: '/visitor-list' };
    }
    case 'delivery-used': {
      const [pass] = await db
        .select({ name: deliveryPasses.name, company: deliveryPasses.company })
        .from(deliveryPasses)
        .where(eq(deliveryPasses.id, notice.passId));
      if (!pass) return null;
      const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'a delivery';
      return { body: PUSH_MESSAGES.deliveryUsed(who, device.deviceName), url: '/' };
    }
    case 'gate-failed':
      return { body: PUSH_MESSAGES.gateFailed(device.deviceName), url: '/access-gates' };
    case 'keypad-locked':
      return { body: PUSH_MESSAGES.keypadLocked(device.deviceName, device.propertyName), url: '/gate-logs' };
    case 'device-offline':
      return { body: PUSH_MESSAGES.deviceOffline(device.deviceName, device.propertyName), url: '/dashboard' };
    case 'device-online':
      return { body: PUSH_MESSAGES.deviceOnline(device.deviceName, device.propertyName), url: '/dashboard' };
  }
}
