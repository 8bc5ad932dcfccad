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
import { heldNow } from '@core/rules/held-now';
import { expectedHold } from '@core/rules/hold-open';
import { parseTypedTime } from '@core/time/typed-time';
import { parseInstantInZone, wallTimeAt, wallToInstant } from '@core/time/zoned-time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ActivityChanges } from '../activity/activity-changes';
import { changesBetween } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf } from '../authorization/route-permissions';
import { deviceScope, findDevice } from '../device-records/device-store';
import { ensureHoldRow, type HoldChange, storedHold, writeHold } from '../device-records/hold-store';
import type { GateDeps } from '../gates/gate-decision';
import type { PlatformDeps } from '../platform/deps';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import { HOLD_UNSUPPORTED } from '../platform/relays/relay-driver';
import { propertyTimeZone } from '../property-records/property-queries';
import { loadHoldOf } from './hold-open-queries';
import { factsOf, type HoldActor, reconcileHold } from './hold-reconcile';
import { canHold } from './latch-relay';

const byDeviceId = async (request: { params: unknown }, deps: Pick<PlatformDeps, 'db'>) =>
  deviceScope(deps.db, (request.params as { id?: string }).id);

/** Managers of the gate's property and super administrators. */
const managers = allow(['admin', 'superadmin'], byDeviceId);

/** A manual hold's end: now + minutes, the next time of day in the zone (typed as people type it: "9am"), or a date and time; within a day. */
export function holdEnd(body: HoldBody, now: Date, timeZone: string): Date {
  if (body.minutes !== undefined) return new Date(now.getTime() + body.minutes * 60_000);
  const text = body.until ?? '';
  const clock = parseTypedTime(text);
  let end: Date | null;
  if (clock && clock !== '24:00') {
    const today = wallTimeAt(now, timeZone).date;
    end = wallToInstant(today, clock, timeZone);
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
    await ensureHoldRow(app.db, device);
    return device;
  }

  async function stateOf(deviceId: string, relayError: string | null = null): Promise<HoldState> {
    const device = await findDevice(app.db, deviceId);
    if (!device) throw notFound('Device not found');
    const now = app.config.now();
    const row = await loadHoldOf(app, now, deviceId);
    const timeZone = await propertyTimeZone(app.db, device.propertyId);
    const base = { deviceId, canHold: canHold(device), timeZone, relayError };
    if (!row) return { ...base, held: false, cause: null, until: null, by: null, schedule: null, lockdown: false };
    const facts = factsOf(row);
    const expected = expectedHold(facts, now);
    const { held, cause, until } = heldNow(row.hold, now, timeZone);
    return {
      ...base,
      held,
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

  /** Writes the gate's hold and records it in the trail, in one transaction. */
  const changeHold = (
    request: Parameters<typeof callerOf>[0],
    device: { id: string; propertyId: string; deviceName: string },
    set: HoldChange,
    entry: { summary: string; changes: ActivityChanges },
  ) =>
    app.db.transaction(async (tx) => {
      await writeHold(tx, device.id, set);
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
      const before = await storedHold(app.db, device.id);
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
      const until = holdEnd(request.body, app.config.now(), await propertyTimeZone(app.db, device.propertyId));
      const row = await loadHoldOf(app, app.config.now(), device.id);
      if (row?.lockdown) throw conflict(HOLD_OPEN_MESSAGES.lockedDown);
      const actor = actorOf(request);
      const before = await storedHold(app.db, device.id);
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
      const row = await loadHoldOf(app, now, device.id);
      // While the schedule is open, the release lasts until it closes; otherwise nothing is left to override.
      const scheduleOpen = row ? expectedHold({ ...factsOf(row), manualState: null, lockdown: false }, now).on : false;
      const actor = actorOf(request);
      const before = await storedHold(app.db, device.id);
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
