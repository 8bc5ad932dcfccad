import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { accountRows } from '../accounts/account-rows';
import {
  type ClaimedCaller,
  callerColumns,
  callerOfRow,
  claimedCallerOf,
  liveSessionOfUser,
  noteCurrentCaller,
} from '../authorization/caller';
import type { Scope } from '../authorization/route-permissions';
import { sessionRows } from '../authorization/session-rows';
import type { DeviceRow } from '../device-records/device-row';
import { deviceRowColumns, deviceRows } from '../device-records/device-rows';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import type { PlatformDeps } from '../platform/deps';
import type { PropertyRow } from '../property-records/property-queries';
import { propertyRowColumns, propertyRows } from '../property-records/property-rows';

const callerProperty = alias(propertyRows, 'caller_property');

// The caller's row comes first: a deleted user is refused (401) whether or not the gate exists.
const callerAndGate = preparedPerDatabase((db: Orm) =>
  db
    .select({ caller: callerColumns(callerProperty), device: deviceRowColumns, property: propertyRowColumns })
    .from(accountRows)
    .leftJoin(callerProperty, eq(callerProperty.id, accountRows.propertyId))
    .leftJoin(sessionRows, liveSessionOfUser())
    .leftJoin(deviceRows, eq(deviceRows.id, sql.placeholder('deviceId')))
    .leftJoin(propertyRows, eq(propertyRows.id, deviceRows.propertyId))
    .where(eq(accountRows.id, sql.placeholder('userId')))
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
