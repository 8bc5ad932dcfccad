import { deviceIdParams } from '@core/api/devices';
import {
  HOLD_OPEN_MESSAGES,
  type HoldBody,
  type HoldState,
  holdBody,
  holdScheduleBody,
  holdStateResponse,
  MAX_HOLD_MINUTES,
} from '@core/api/hold-open';
import { expectedHold, scheduleOpenUntil } from '@core/rules/hold-open';
import { parseInstantInZone, wallTimeAt, wallToInstant } from '@core/time/zoned-time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf } from '../authorization/route-permissions';
import { deviceScope, findDevice } from '../devices/device-queries';
import type { GateDeps } from '../gates/gate-decision';
import type { ActivityChanges } from '../platform/db/schema';
import { gateHolds, properties } from '../platform/db/schema';
import type { PlatformDeps } from '../platform/deps';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import { HOLD_UNSUPPORTED } from '../platform/relays/relay-driver';
import { factsOf, type HoldActor, loadHolds, reconcileHold } from './hold-reconcile';
import { canHold } from './latch-relay';

const byDeviceId = async (request: { params: unknown }, deps: Pick<PlatformDeps, 'db'>) =>
  deviceScope(deps.db, (request.params as { id?: string }).id);

/** Managers of the gate's property and super administrators. */
const managers = allow(['admin', 'superadmin'], byDeviceId);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A manual hold's end: now + minutes, the next HH:MM in the zone, or a date and time; within a day. */
export function holdEnd(body: HoldBody, now: Date, timeZone: string): Date {
  if (body.minutes !== undefined) return new Date(now.getTime() + body.minutes * 60_000);
  const text = body.until ?? '';
  let end: Date | null;
  if (HHMM.test(text)) {
    const today = wallTimeAt(now, timeZone).date;
    end = wallToInstant(today, text, timeZone);
    if (end <= now) end = new Date(end.getTime() + 86_400_000);
  } else end = parseInstantInZone(text, timeZone);
  if (!end || end <= now || end.getTime() - now.getTime() > MAX_HOLD_MINUTES * 60_000) {
    throw badRequest(HOLD_OPEN_MESSAGES.until, 'until');
  }
  return end;
}

/** Hold-open: a gate's schedule, a manager's hold and release, and the state now. */
export async function holdOpenRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The gate's hold row, created on first use with the device's property. */
  async function ensureHold(deviceId: string) {
    const device = await findDevice(app.db, deviceId);
    if (!device) throw notFound('Device not found');
    await app.db.insert(gateHolds).values({ deviceId, propertyId: device.propertyId }).onConflictDoNothing();
    return device;
  }

  async function stateOf(deviceId: string, relayError: string | null = null): Promise<HoldState> {
    const device = await findDevice(app.db, deviceId);
    if (!device) throw notFound('Device not found');
    const now = app.config.now();
    const [row] = await loadHolds(app, now, eq(gateHolds.deviceId, deviceId));
    const [property] = await app.db
      .select({ timeZone: properties.timeZone })
      .from(properties)
      .where(eq(properties.id, device.propertyId));
    const timeZone = property?.timeZone ?? 'UTC';
    const base = { deviceId, canHold: canHold(device), timeZone, relayError };
    if (!row) return { ...base, held: false, cause: null, until: null, by: null, schedule: null, lockdown: false };
    const facts = factsOf(row);
    const expected = expectedHold(facts, now);
    const cause = row.hold.assertedOn ? (row.hold.assertedCause === 'manual' ? 'manual' : 'schedule') : null;
    const scheduleEnd =
      cause === 'schedule' && facts.schedule ? scheduleOpenUntil(facts.schedule, wallTimeAt(now, timeZone)) : null;
    const until =
      cause === 'manual'
        ? (row.hold.manualUntil?.toISOString() ?? null)
        : scheduleEnd
          ? wallToInstant(scheduleEnd.date, minuteText(scheduleEnd.minute), timeZone).toISOString()
          : null;
    return {
      ...base,
      held: row.hold.assertedOn,
      cause,
      until,
      by: row.hold.manualByName,
      schedule: row.hold.schedule,
      lockdown: facts.lockdown && !expected.on,
    };
  }

  const actorOf = (request: Parameters<typeof callerOf>[0]): HoldActor => {
    const caller = callerOf(request);
    return {
      userId: caller.userId,
      details: { firstName: caller.firstName, lastName: caller.lastName, email: caller.email },
    };
  };
  const nameOf = (actor: HoldActor) => `${actor.details.firstName} ${actor.details.lastName}`.trim();

  /** The gate's stored hold: what a change is recorded against. */
  const storedHold = async (deviceId: string) => {
    const [row] = await app.db
      .select({ schedule: gateHolds.schedule, manualState: gateHolds.manualState, manualUntil: gateHolds.manualUntil })
      .from(gateHolds)
      .where(eq(gateHolds.deviceId, deviceId));
    return row;
  };

  /** Writes the gate's hold and records it in the trail, in one transaction. */
  const changeHold = (
    request: Parameters<typeof callerOf>[0],
    device: { id: string; propertyId: string; deviceName: string },
    set: Partial<typeof gateHolds.$inferInsert>,
    entry: { summary: string; changes: ActivityChanges },
  ) =>
    app.db.transaction(async (tx) => {
      await tx.update(gateHolds).set(set).where(eq(gateHolds.deviceId, device.id));
      await recordActivity(tx, request, {
        summary: `${entry.summary} '${device.deviceName}'`,
        object: { kind: 'hold-open', id: device.id, propertyId: device.propertyId },
        changes: entry.changes,
      });
    });

  api.get(
    '/api/device/:id/hold-open',
    {
      config: { permission: managers },
      schema: { tags: ['devices'], params: deviceIdParams, response: { 200: holdStateResponse } },
    },
    async (request) => ({ message: '', state: await stateOf(request.params.id) }),
  );

  api.put(
    '/api/device/:id/hold-open/schedule',
    {
      config: { permission: managers, activity: 'hold-open.schedule' },
      schema: {
        tags: ['devices'],
        params: deviceIdParams,
        body: holdScheduleBody,
        response: { 200: holdStateResponse },
      },
    },
    async (request) => {
      const device = await ensureHold(request.params.id);
      const { schedule } = request.body;
      if (schedule && !canHold(device)) throw badRequest(HOLD_UNSUPPORTED, 'schedule');
      const before = await storedHold(device.id);
      await changeHold(
        request,
        device,
        { schedule },
        {
          summary: schedule ? 'Set the hold-open schedule of' : 'Cleared the hold-open schedule of',
          changes: changesBetween({ schedule: before?.schedule }, { schedule }),
        },
      );
      const result = await reconcileHold(gate, device.id);
      const message = schedule ? HOLD_OPEN_MESSAGES.scheduleSaved : HOLD_OPEN_MESSAGES.scheduleCleared;
      return { message, state: await stateOf(device.id, result.error ?? null) };
    },
  );

  api.post(
    '/api/device/:id/hold-open/hold',
    {
      config: { permission: managers, activity: 'hold-open.hold' },
      schema: { tags: ['devices'], params: deviceIdParams, body: holdBody, response: { 200: holdStateResponse } },
    },
    async (request) => {
      const device = await ensureHold(request.params.id);
      if (!canHold(device)) throw badRequest(HOLD_UNSUPPORTED);
      const [property] = await app.db
        .select({ timeZone: properties.timeZone })
        .from(properties)
        .where(eq(properties.id, device.propertyId));
      const until = holdEnd(request.body, app.config.now(), property?.timeZone ?? 'UTC');
      const [row] = await loadHolds(app, app.config.now(), eq(gateHolds.deviceId, device.id));
      if (row?.lockdown) throw conflict(HOLD_OPEN_MESSAGES.lockedDown);
      const actor = actorOf(request);
      const before = await storedHold(device.id);
      await changeHold(
        request,
        device,
        { manualState: 'hold', manualUntil: until, manualBy: actor.userId, manualByName: nameOf(actor) },
        {
          summary: `Held open until ${until.toISOString()}`,
          changes: changesBetween(
            { manualState: before?.manualState, manualUntil: before?.manualUntil },
            { manualState: 'hold', manualUntil: until },
          ),
        },
      );
      const result = await reconcileHold(gate, device.id, actor);
      const message = result.error ? HOLD_OPEN_MESSAGES.relayFailed : HOLD_OPEN_MESSAGES.held;
      return { message, state: await stateOf(device.id, result.error ?? null) };
    },
  );

  api.post(
    '/api/device/:id/hold-open/release',
    {
      config: { permission: managers, activity: 'hold-open.release' },
      schema: { tags: ['devices'], params: deviceIdParams, response: { 200: holdStateResponse } },
    },
    async (request) => {
      const device = await ensureHold(request.params.id);
      const now = app.config.now();
      const [row] = await loadHolds(app, now, eq(gateHolds.deviceId, device.id));
      // While the schedule is open, the release lasts until it closes; otherwise nothing is left to override.
      const scheduleOpen = row ? expectedHold({ ...factsOf(row), manualState: null, lockdown: false }, now).on : false;
      const actor = actorOf(request);
      const before = await storedHold(device.id);
      const manualState = scheduleOpen ? ('release' as const) : null;
      await changeHold(
        request,
        device,
        { manualState, manualUntil: null, manualBy: actor.userId, manualByName: nameOf(actor) },
        {
          summary: 'Released',
          changes: changesBetween(
            { manualState: before?.manualState, manualUntil: before?.manualUntil },
            { manualState, manualUntil: null },
          ),
        },
      );
      const result = await reconcileHold(gate, device.id, actor);
      const message = result.error ? HOLD_OPEN_MESSAGES.relayFailed : HOLD_OPEN_MESSAGES.released;
      return { message, state: await stateOf(device.id, result.error ?? null) };
    },
  );
}

const minuteText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
