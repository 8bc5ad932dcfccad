import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DeviceRow } from '../device-records/device-row';
import { deviceRowColumns, deviceRows } from '../device-records/device-rows';
import { type TtlCache, ttlCache } from '../platform/cache/ttl-cache';
import { sha256Hex } from '../platform/crypto/keys';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { HttpError } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import type { PropertyRow } from '../property-records/property-queries';
import { propertyRowColumns, propertyRows } from '../property-records/property-rows';

/**
 * The one way a gate reader is identified: its key → the device holding that key's hash → the
 * device's property. Every device route goes through identifyDevice (installPermissionChecks).
 */
export type GateProperty = PropertyRow;
export const DEVICE_KEY_REQUIRED = 'Device key required';
export const UNKNOWN_DEVICE_KEY = 'Unknown device key';

/**
 * Key hashes seen valid, with their device id: only a hint that lets a route whose own query reads
 * the device by key hash refuse unknown keys before its body is read without a query of its own.
 * The route's query is the authority, so a key rotated or deleted anywhere is refused at once;
 * this process forgets keys it rotates or deletes. docs/decisions/0013.
 */
export type KnownDeviceKeys = TtlCache<string>;
export const knownDeviceKeys = (): KnownDeviceKeys => ttlCache({ max: 10_000, ttlMs: 60_000 });

/** What identifying a reader needs: the database, the clock and this process's known keys. */
export interface DeviceKeyDeps {
  db: Orm;
  now: () => Date;
  deviceKeys: KnownDeviceKeys;
}

declare module 'fastify' {
  interface FastifyRequest {
    gateDevice?: { device: DeviceRow; property: GateProperty };
    deviceKey?: { hash: string; deviceId: string };
  }
}

const deviceByKeyHash = preparedPerDatabase((db: Orm) =>
  db
    .select({ device: deviceRowColumns, property: propertyRowColumns })
    .from(deviceRows)
    .innerJoin(propertyRows, eq(propertyRows.id, deviceRows.propertyId))
    .where(eq(deviceRows.deviceKeyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('device_by_key_hash'),
);

/**
 * Identifies the gate reader calling (401 without a key or with an unknown one). With
 * `readsDeviceItself` the route's own query loads the device by key hash, so a key recently seen
 * valid needs no query here; otherwise the device and its property are loaded for deviceOf.
 */
export async function identifyDevice(
  deps: DeviceKeyDeps,
  request: FastifyRequest,
  key: string | null,
  readsDeviceItself: boolean,
) {
  if (!key) return refuseDeviceKey(deps, request, DEVICE_KEY_REQUIRED);
  const hash = sha256Hex(key);
  const knownDeviceId = readsDeviceItself ? deps.deviceKeys.get(hash) : undefined;
  if (knownDeviceId) {
    request.deviceKey = { hash, deviceId: knownDeviceId };
    return;
  }
  const [found] = await deviceByKeyHash(deps.db).execute({ keyHash: hash });
  if (!found) return refuseDeviceKey(deps, request, UNKNOWN_DEVICE_KEY);
  deps.deviceKeys.set(hash, found.device.id);
  request.gateDevice = found;
  request.deviceKey = { hash, deviceId: found.device.id };
}

/**
 * 401 for a missing or wrong key; once a source has sent many of those in a minute, 429 instead,
 * counted in the database. A reader with a valid key is never slowed by its neighbours' failures.
 */
async function refuseDeviceKey(deps: DeviceKeyDeps, request: FastifyRequest, message: string): Promise<never> {
  const failures = await reserve(deps.db, LIMITS.deviceKeyFailures, request.ip, deps.now());
  if (!failures.allowed) throw new TooManyRequests(SERVER_MESSAGES.tooManyRequests, failures.retryAfterSeconds);
  throw new HttpError(401, message);
}

/** For a route reading its device itself: a key that no longer matches a device is refused like an unknown one. */
export function refuseUnknownDeviceKey(deps: DeviceKeyDeps, request: FastifyRequest, keyHash: string) {
  deps.deviceKeys.delete(keyHash);
  return refuseDeviceKey(deps, request, UNKNOWN_DEVICE_KEY);
}

/** After this process rotated a device's key or deleted it: its old key is refused before any body is read. */
export function forgetDeviceKeys(deps: Pick<DeviceKeyDeps, 'deviceKeys'>, deviceId: string) {
  deps.deviceKeys.deleteWhere((id) => id === deviceId);
}

/** The calling reader's key hash and device id, on a route declared with deviceReadInRoutePermission. */
export function deviceKeyOf(request: FastifyRequest): { hash: string; deviceId: string } {
  if (!request.deviceKey) throw new Error('deviceKeyOf used on a route without device access');
  return request.deviceKey;
}

/** The calling reader and its property, on a route declared with devicePermission. */
export function deviceOf(request: FastifyRequest): { device: DeviceRow; property: GateProperty } {
  if (!request.gateDevice) throw new Error('deviceOf used on a route without device access');
  return request.gateDevice;
}
