import { readableInstant } from '@core/validity/window-words';
import type { FastifyInstance } from 'fastify';
import { notifyResident } from '../residents/notify-resident';
import type { ScannedCode } from './qr-lookup';

/**
 * Tells the resident their visitor arrived, by email and/or SMS per their preferences, through the
 * job queue; only when the code's arrival notification is on.
 */
export async function queueArrivalNotification(
  app: FastifyInstance,
  scanned: ScannedCode,
  place: { propertyName: string; deviceName: string },
  at: Date,
) {
  if (!scanned.code.qrNotification) return;
  const visitor = `${scanned.code.qrFirstName} ${scanned.code.qrLastName}`;
  const when = readableInstant(at, scanned.timeZone);
  const text = `Your visitor ${visitor} arrived at ${place.propertyName} (${place.deviceName}) on ${when}.`;
  const channels = await notifyResident(app, app.db, scanned.creator, {
    subject: `Your visitor ${visitor} has arrived`,
    text,
    sms: text,
  });
  if (channels.length) void app.jobs.kick();
}
