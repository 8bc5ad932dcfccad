import { MESSAGES } from '@core/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../crypto/keys';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { devices, properties } from '../db/schema';
import { LIMITS } from '../limits/limit-rules';
import { reserve } from '../limits/rate-limit';
import { TooManyRequests } from '../limits/too-many';
import { HttpError } from './http-error';

/**
 * The one way a gate reader is identified: its key → the device holding that key's hash → the
 * device's property. Every device route goes through identifyDevice (installAccessControl).
 */
export type GateDevice = typeof devices.$inferSelect;
export type GateProperty = typeof properties.$inferSelect;
export const DEVICE_KEY_REQUIRED = 'Device key required';
export const UNKNOWN_DEVICE_KEY = 'Unknown device key';

declare module 'fastify' {
  interface FastifyRequest {
    gateDevice?: { device: GateDevice; property: GateProperty };
  }
}

const deviceByKeyHash = preparedPerDatabase((db: Orm) =>
  db
    .select({ device: devices, property: properties })
    .from(devices)
    .innerJoin(properties, eq(properties.id, devices.propertyId))
    .where(eq(devices.deviceKeyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('device_by_key_hash'),
);

/**
 * Identifies the gate reader calling, before its body is read: 401 without a key or with one no
 * device holds (now: a key rotated or a device deleted by any process is refused at once), else
 * the device and its property for deviceOf. No cache: docs/decisions/0160.
 */
export async function identifyDevice(app: FastifyInstance, request: FastifyRequest, key: string | null) {
  if (!key) return refuseDeviceKey(app, request, DEVICE_KEY_REQUIRED);
  const [found] = await deviceByKeyHash(app.db).execute({ keyHash: sha256Hex(key) });
  if (!found) return refuseDeviceKey(app, request, UNKNOWN_DEVICE_KEY);
  request.gateDevice = found;
}

/**
 * 401 for a missing or wrong key; once a source has sent many of those in a minute, 429 instead,
 * counted in the database. A reader with a valid key is never slowed by its neighbours' failures.
 */
async function refuseDeviceKey(app: FastifyInstance, request: FastifyRequest, message: string): Promise<never> {
  const failures = await reserve(app.db, LIMITS.deviceKeyFailures, request.ip, app.config.now());
  if (!failures.allowed) throw new TooManyRequests(MESSAGES.tooManyRequests, failures.retryAfterSeconds);
  throw new HttpError(401, message);
}

/** The calling reader and its property, on a route declared with deviceAccess. */
export function deviceOf(request: FastifyRequest): { device: GateDevice; property: GateProperty } {
  if (!request.gateDevice) throw new Error('deviceOf used on a route without device access');
  return request.gateDevice;
}
