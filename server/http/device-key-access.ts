import { MESSAGES } from '@core/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../crypto/keys';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { devices } from '../db/schema';
import { LIMITS } from '../limits/limit-rules';
import { reserve } from '../limits/rate-limit';
import { TooManyRequests } from '../limits/too-many';
import { HttpError } from './http-error';

export type GateDevice = typeof devices.$inferSelect;
export const DEVICE_KEY_REQUIRED = 'Device key required';
export const UNKNOWN_DEVICE_KEY = 'Unknown device key';

declare module 'fastify' {
  interface FastifyRequest {
    gateDevice?: GateDevice;
    deviceKey?: { hash: string; deviceId: string };
  }
}

const deviceByKeyHash = preparedPerDatabase((db: Orm) =>
  db
    .select()
    .from(devices)
    .where(eq(devices.deviceKeyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('device_by_key_hash'),
);

/**
 * Identifies the gate reader calling. With `readsDeviceItself` the route's own query loads the
 * device by key hash, so a key this process recently saw valid needs no query here; otherwise
 * (or the first time) the device row is loaded and the key remembered.
 */
export async function identifyDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string | null,
  readsDeviceItself: boolean,
) {
  if (!key) return refuseDeviceKey(app, request, DEVICE_KEY_REQUIRED);
  const hash = sha256Hex(key);
  const knownDeviceId = readsDeviceItself ? app.deviceKeys.deviceIdOf(hash) : undefined;
  if (knownDeviceId) {
    request.deviceKey = { hash, deviceId: knownDeviceId };
    return;
  }
  const [device] = await deviceByKeyHash(app.db).execute({ keyHash: hash });
  if (!device) return refuseDeviceKey(app, request, UNKNOWN_DEVICE_KEY);
  app.deviceKeys.remember(hash, device.id);
  request.gateDevice = device;
  request.deviceKey = { hash, deviceId: device.id };
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

/** For a route reading its device itself: a key that no longer matches a device is refused like an unknown one. */
export function refuseUnknownDeviceKey(app: FastifyInstance, request: FastifyRequest, keyHash: string) {
  app.deviceKeys.forgetKey(keyHash);
  return refuseDeviceKey(app, request, UNKNOWN_DEVICE_KEY);
}

/** The calling reader's key hash and device id, on a route declared with deviceReadInRouteAccess. */
export function deviceKeyOf(request: FastifyRequest): { hash: string; deviceId: string } {
  if (!request.deviceKey) throw new Error('deviceKeyOf used on a route without device access');
  return request.deviceKey;
}
