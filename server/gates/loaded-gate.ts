import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { users } from '../accounts/account-tables';
import {
  type ClaimedCaller,
  callerColumns,
  callerOfRow,
  claimedCallerOf,
  liveSessionOfUser,
  noteCurrentCaller,
} from '../authorization/caller';
import type { Scope } from '../authorization/route-permissions';
import { sessions } from '../authorization/session-tables';
import type { DeviceRow } from '../device-records/device-row';
import { devices } from '../device-records/device-tables';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import type { PlatformDeps } from '../platform/deps';
import type { PropertyRow } from '../property-records/property-queries';
import { properties } from '../property-records/property-tables';

const callerProperty = alias(properties, 'caller_property');

// The caller's row comes first: a deleted user is refused (401) whether or not the gate exists.
const callerAndGate = preparedPerDatabase((db: Orm) =>
  db
    .select({ caller: callerColumns(callerProperty), device: devices, property: properties })
    .from(users)
    .leftJoin(callerProperty, eq(callerProperty.id, users.propertyId))
    .leftJoin(sessions, liveSessionOfUser())
    .leftJoin(devices, eq(devices.id, sql.placeholder('deviceId')))
    .leftJoin(properties, eq(properties.id, devices.propertyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('caller_and_gate'),
);

const sessionOf = (caller: ClaimedCaller) => ({ userId: caller.userId, sessionId: caller.sessionId });

declare module 'fastify' {
  interface FastifyRequest {
    /** The gate a callerReadInScope gate route loaded with its scope (loadGateScope). */
    loadedGate?: { device: DeviceRow; property: PropertyRow };
  }
}

/**
 * The tenancy scope of a gate request (a callerReadInScope route), from one query that also
 * reads the caller as they are now and loads the device and its property for the handler:
 * opening a gate is the hot path, so nothing is read twice.
 */
export async function loadGateScope(request: FastifyRequest, app: Pick<PlatformDeps, 'db'>): Promise<Scope | null> {
  const { deviceId } = request.body as { deviceId: string };
  const [row] = await callerAndGate(app.db).execute({ deviceId, ...sessionOf(claimedCallerOf(request)) });
  noteCurrentCaller(request, callerOfRow(row?.caller));
  if (!row?.device || !row.property) return null;
  request.loadedGate = { device: row.device, property: row.property };
  return { propertyId: row.device.propertyId };
}

export function loadedGate(request: FastifyRequest) {
  const gate = request.loadedGate;
  if (!gate) throw new Error('loadedGate used on a route without loadGateScope');
  return gate;
}
