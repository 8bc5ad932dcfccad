import { HOLD_OPEN_MESSAGES } from '@core/api/hold-open';
import type { AccessSchedule } from '@core/rules/schedule';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedMqttGate, seedSimulatedGate } from '../../test/support/gate-test-support';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp, testConfig } from '../../test/support/test-app';
import type { SimulatedProtocol } from '../../tools/relay-simulator/device-protocols';
import { MQTT_PROTOCOLS } from '../../tools/relay-simulator/mqtt-device';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import { devices } from '../device-records/device-tables';
import { gateHolds } from '../device-records/hold-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { gateDependencies, HELD_OPEN_REASON, openGate } from '../gates/gate-decision';
import { HOLD_UNSUPPORTED } from '../platform/relays/relay-driver';
import { lockdowns } from '../property-rules/property-rule-tables';
import { reassertHolds, sweepHolds } from './hold-sweep';

/** Weekdays 07:00–09:00, closed on 2026-12-25. */
const WEEKDAY_MORNINGS: AccessSchedule = {
  weekly: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ from: '07:00', to: '09:00' }]])),
  exceptions: [{ date: '2026-12-25', ranges: [], name: 'Christmas Day' }],
};
/** A Monday, in UTC (the test property's zone). */
const at = (time: string, date = '2026-11-30') => new Date(`${date}T${time}:00Z`);

const TEMPLATE_WITH_HOLD = {
  method: 'POST',
  pathTemplate: '/open?channel={channel}&seconds={seconds}',
  holdPathTemplate: '/hold?channel={channel}',
  releasePathTemplate: '/release?channel={channel}',
  successMatch: 'OK',
};

const HOLD_COMMANDS: Record<SimulatedProtocol, [string, string]> = {
  'shelly-gen1': ['GET /relay/0?turn=on', 'GET /relay/0?turn=off'],
  'shelly-gen2': ['Switch.Set id=0 on=true', 'Switch.Set id=0 on=false'],
  tasmota: ['Power1 On', 'Power1 Off'],
  'http-template': ['POST /hold?channel=0', 'POST /release?channel=0'],
};

const MQTT_HOLD_COMMANDS = {
  'shelly-gen2-mqtt': ['Switch.Set id=0 on=true', 'Switch.Set id=0 on=false'],
  'tasmota-mqtt': ['Power1 On', 'Power1 Off'],
} as const;

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let manager: Awaited<ReturnType<typeof seedUser>>;
const timeouts = { relayTimeouts: { connectMs: 300, totalMs: 700 } };

beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app, { propertyName: 'Hold Court', timeZone: 'UTC' })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Mara', lastName: 'Manager' });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});
beforeEach(() => t.clock.set(at('06:59')));

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

async function seedGate(protocol: SimulatedProtocol = 'shelly-gen1', settings?: Record<string, unknown>) {
  const seeded = await seedSimulatedGate(t.app, simulator, propertyId, { protocol });
  const driverSettings = settings ?? (protocol === 'http-template' ? TEMPLATE_WITH_HOLD : undefined);
  if (driverSettings) await t.app.db.update(devices).set({ driverSettings }).where(eq(devices.id, seeded.device.id));
  return seeded;
}

const holdLog = (deviceId: string) =>
  t.app.db
    .select()
    .from(gateLogs)
    .where(and(eq(gateLogs.deviceId, deviceId), inArray(gateLogs.credential, ['schedule', 'hold'])))
    .orderBy(asc(gateLogs.timestamp), asc(gateLogs.id));

describe.each(Object.keys(HOLD_COMMANDS) as SimulatedProtocol[])('%s over real HTTP', (protocol) => {
  it('latches the relay on at the range start and releases it at its end, one log entry each', async () => {
    const { relay, device } = await seedGate(protocol);
    const deps = gateDependencies(t.app, timeouts);
    const saved = await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, {
      schedule: WEEKDAY_MORNINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().state).toMatchObject({ held: false, canHold: true });
    expect(simulator.isLatchedOn(relay.id)).toBe(false);

    t.clock.set(at('07:00'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    const held = (await call('GET', `/api/device/${device.id}/hold-open`, manager.token)).json().state;
    expect(held).toMatchObject({ held: true, cause: 'schedule', until: at('09:00').toISOString() });

    t.clock.set(at('08:30'));
    await sweepHolds(deps);
    t.clock.set(at('09:00'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    expect(simulator.latches(relay.id)).toEqual([
      { channel: 0, on: true },
      { channel: 0, on: false },
    ]);
    const log = await holdLog(device.id);
    expect(log.map((row) => [row.reason, row.status, row.credential, row.relayOperations])).toEqual([
      ['Held open (schedule)', 'success', 'schedule', [{ command: HOLD_COMMANDS[protocol][0], success: true }]],
      ['Released (schedule end)', 'success', 'schedule', [{ command: HOLD_COMMANDS[protocol][1], success: true }]],
    ]);
  });
});

describe('hold-open schedule', () => {
  it('stays closed on a holiday exception', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    t.clock.set(at('07:30', '2026-12-25'));
    await sweepHolds(gateDependencies(t.app, timeouts));
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
  });

  it('survives a restart: a second app on the same database keeps the hold and releases it at the end', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    t.clock.set(at('07:00'));
    await sweepHolds(gateDependencies(t.app, timeouts));
    expect(simulator.isLatchedOn(relay.id)).toBe(true);

    // The first process is gone; another one takes over from the database alone.
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const deps = gateDependencies(second, timeouts);
      t.clock.set(at('08:00'));
      expect(await sweepHolds(deps)).toBe(0);
      expect(simulator.latches(relay.id)).toHaveLength(1);
      t.clock.set(at('09:00'));
      await sweepHolds(deps);
      expect(simulator.isLatchedOn(relay.id)).toBe(false);
      expect((await holdLog(device.id)).map((row) => row.reason)).toEqual([
        'Held open (schedule)',
        'Released (schedule end)',
      ]);
    } finally {
      await second.close();
    }
  });

  it('is driven by one process only when two sweep at the same moment', async () => {
    const property = await seedProperty(t.app, { timeZone: 'UTC' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, boss.token, { schedule: WEEKDAY_MORNINGS });
    await simulator.setFault(relay.id, 'slow', 300);
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      t.clock.set(at('07:00'));
      const driven = await Promise.all([
        sweepHolds(gateDependencies(t.app, timeouts), property.id),
        sweepHolds(gateDependencies(second, timeouts), property.id),
        sweepHolds(gateDependencies(t.app, timeouts), property.id),
      ]);
      expect(driven.reduce((a, b) => a + b, 0)).toBe(1);
      expect(simulator.latches(relay.id)).toEqual([{ channel: 0, on: true }]);
      expect(await holdLog(device.id)).toHaveLength(1);
    } finally {
      await simulator.setFault(relay.id, 'none');
      await second.close();
    }
  });

  it('retries a failed command at the next sweep, logging the change once', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    await simulator.setFault(relay.id, 'error');
    t.clock.set(at('07:00'));
    const deps = gateDependencies(t.app, timeouts);
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    await simulator.setFault(relay.id, 'none');
    t.clock.set(at('07:01'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    const log = await holdLog(device.id);
    expect(log.map((row) => row.status)).toEqual(['failed']);
    expect(log[0].reason).toMatch(/^Held open \(schedule\): the relay answered HTTP 500/);
  });

  it('latches the relay again after a gate press pulsed it (the pulse timer switched it off)', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    const deps = gateDependencies(t.app, timeouts);
    t.clock.set(at('07:00'));
    await sweepHolds(deps);
    t.clock.set(at('07:05'));
    await openGate(deps, { device, logDetails: { callerType: 'user' } });
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    t.clock.set(at('07:06'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    expect(await sweepHolds(deps)).toBe(0);
    expect((await holdLog(device.id)).map((row) => row.reason)).toEqual(['Held open (schedule)']);
  });
});

describe('a press on a held gate', () => {
  it('is let in and logged without a pulse, so the latched relay stays on', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    t.clock.set(at('07:00'));
    await sweepHolds(gateDependencies(t.app, timeouts));
    const pulsesBefore = simulator.pulses(relay.id).length;
    const resident = await seedUser(t.app, { role: 'resident', propertyId });
    const press = await call('POST', '/api/device/trigger-relay', resident.token, { deviceId: device.id, propertyId });
    expect(press.statusCode).toBe(200);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    expect(simulator.pulses(relay.id).length).toBe(pulsesBefore);
    const [row] = await t.app.db
      .select()
      .from(gateLogs)
      .where(and(eq(gateLogs.deviceId, device.id), eq(gateLogs.actorUserId, resident.id)));
    expect(row).toMatchObject({ status: 'success', reason: HELD_OPEN_REASON, credential: 'remote' });
  });
});

describe('lockdown', () => {
  it('releases a held gate on the reassert after a lockdown row appears, and refuses a manual hold', async () => {
    const property = await seedProperty(t.app, { timeZone: 'UTC' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, boss.token, { schedule: WEEKDAY_MORNINGS });
    const deps = gateDependencies(t.app, timeouts);
    t.clock.set(at('07:00'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);

    const [lockdown] = await t.app.db
      .insert(lockdowns)
      .values({ propertyId: property.id, reason: 'Intruder', startedAt: at('07:10') })
      .returning();
    t.clock.set(at('07:10'));
    expect(await reassertHolds(deps, property.id)).toBe(1);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    const refused = await call('POST', `/api/device/${device.id}/hold-open/hold`, boss.token, { minutes: 30 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOLD_OPEN_MESSAGES.lockedDown);

    await t.app.db
      .update(lockdowns)
      .set({ endedAt: at('07:20') })
      .where(eq(lockdowns.id, lockdown.id));
    t.clock.set(at('07:20'));
    await reassertHolds(deps, property.id);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    expect((await holdLog(device.id)).map((row) => row.reason)).toEqual([
      'Held open (schedule)',
      'Released: lockdown',
      'Held open (schedule)',
    ]);
  });

  it('releases a held gate by the time the lockdown start answers, and holds it again when it is ended', async () => {
    const property = await seedProperty(t.app, { timeZone: 'UTC' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, boss.token, { schedule: WEEKDAY_MORNINGS });
    t.clock.set(at('07:00'));
    await sweepHolds(gateDependencies(t.app, timeouts));
    expect(simulator.isLatchedOn(relay.id)).toBe(true);

    const path = `/api/properties/${property.id}/lockdown`;
    expect((await call('POST', path, boss.token, { reason: 'Intruder' })).statusCode).toBe(201);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    const ended = await t.app.inject({ method: 'DELETE', url: path, headers: bearer(boss.token) });
    expect(ended.statusCode).toBe(200);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
  });

  it("ends a manager's hold: once the lockdown is over the gate stays closed until someone holds it again", async () => {
    const property = await seedProperty(t.app, { timeZone: 'UTC' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    t.clock.set(at('12:00'));
    const held = await call('POST', `/api/device/${device.id}/hold-open/hold`, boss.token, { minutes: 120 });
    expect(held.statusCode).toBe(200);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    const path = `/api/properties/${property.id}/lockdown`;
    expect((await call('POST', path, boss.token, { reason: 'Intruder' })).statusCode).toBe(201);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    t.clock.set(at('12:10'));
    expect((await t.app.inject({ method: 'DELETE', url: path, headers: bearer(boss.token) })).statusCode).toBe(200);
    await sweepHolds(gateDependencies(t.app, timeouts));
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    const [hold] = await t.app.db.select().from(gateHolds).where(eq(gateHolds.deviceId, device.id));
    expect(hold).toMatchObject({ manualState: null, assertedOn: false });
  });

  it('leaves gates outside a partial lockdown held', async () => {
    const property = await seedProperty(t.app, { timeZone: 'UTC' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const locked = await seedSimulatedGate(t.app, simulator, property.id);
    const open = await seedSimulatedGate(t.app, simulator, property.id);
    for (const { device } of [locked, open])
      await call('PUT', `/api/device/${device.id}/hold-open/schedule`, boss.token, { schedule: WEEKDAY_MORNINGS });
    const deps = gateDependencies(t.app, timeouts);
    t.clock.set(at('07:00'));
    await sweepHolds(deps);
    await t.app.db.insert(lockdowns).values({ propertyId: property.id, reason: 'Drill', gateIds: [locked.device.id] });
    await reassertHolds(deps, property.id);
    expect(simulator.isLatchedOn(locked.relay.id)).toBe(false);
    expect(simulator.isLatchedOn(open.relay.id)).toBe(true);
  });
});

describe('manual hold and release', () => {
  it('holds for some minutes, releases at the end, and logs the manager by name', async () => {
    const { relay, device } = await seedGate();
    const held = await call('POST', `/api/device/${device.id}/hold-open/hold`, manager.token, { minutes: 30 });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      message: HOLD_OPEN_MESSAGES.held,
      state: { held: true, cause: 'manual', until: at('07:29').toISOString(), by: 'Mara Manager' },
    });
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
    t.clock.set(at('07:29'));
    await sweepHolds(gateDependencies(t.app, timeouts));
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    const log = await holdLog(device.id);
    expect(log.map((row) => [row.reason, row.credential, row.actorUserId])).toEqual([
      ['Held open by Mara Manager until 07:29 UTC', 'hold', manager.id],
      ['Released (hold ended)', 'schedule', null],
    ]);
  });

  it('holds until a time of day, typed as people type it, and releases now', async () => {
    const { relay, device } = await seedGate();
    const held = await call('POST', `/api/device/${device.id}/hold-open/hold`, manager.token, { until: '10:30am' });
    expect(held.json().state.until).toBe(at('10:30').toISOString());
    const released = await call('POST', `/api/device/${device.id}/hold-open/release`, manager.token);
    expect(released.json()).toMatchObject({ message: HOLD_OPEN_MESSAGES.released, state: { held: false } });
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    expect((await holdLog(device.id)).map((row) => row.reason)).toEqual([
      'Held open by Mara Manager until 10:30 UTC',
      'Released by Mara Manager',
    ]);
  });

  it("reads a typed end on the property's clock and logs it on that clock with its zone named", async () => {
    const property = await seedProperty(t.app, { timeZone: 'America/New_York' });
    const boss = await seedUser(t.app, { role: 'admin', propertyId: property.id, firstName: 'Nia', lastName: 'Boss' });
    const { device } = await seedSimulatedGate(t.app, simulator, property.id);
    for (const [typed, end] of [
      ['4:52 pm', '2026-11-30T21:52:00.000Z'],
      ['1652', '2026-11-30T21:52:00.000Z'],
      ['noon', '2026-11-30T17:00:00.000Z'],
    ] as const) {
      const held = await call('POST', `/api/device/${device.id}/hold-open/hold`, boss.token, { until: typed });
      expect(held.statusCode, typed).toBe(200);
      expect(held.json().state.until, typed).toBe(end);
    }
    expect((await holdLog(device.id)).map((row) => row.reason)).toContain('Held open by Nia Boss until 16:52 EST');
  });

  it('releases a scheduled hold for the rest of its range; the next range holds again', async () => {
    const { relay, device } = await seedGate();
    await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, { schedule: WEEKDAY_MORNINGS });
    const deps = gateDependencies(t.app, timeouts);
    t.clock.set(at('07:00'));
    await sweepHolds(deps);
    await call('POST', `/api/device/${device.id}/hold-open/release`, manager.token);
    t.clock.set(at('08:00'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(false);
    t.clock.set(at('09:00'));
    await sweepHolds(deps);
    t.clock.set(at('07:00', '2026-12-01'));
    await sweepHolds(deps);
    expect(simulator.isLatchedOn(relay.id)).toBe(true);
  });
});

describe('routes: who may, and bad input', () => {
  it('refuses residents and managers of another property; admits super administrators', async () => {
    const { device } = await seedGate();
    const other = await seedProperty(t.app);
    const stranger = await seedUser(t.app, { role: 'admin', propertyId: other.id });
    const resident = await seedUser(t.app, { role: 'resident', propertyId });
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    // Another property's gate is not found for its managers; residents are refused outright.
    for (const [token, status] of [
      [stranger.token, 404],
      [resident.token, 403],
    ] as const) {
      const hold = await call('POST', `/api/device/${device.id}/hold-open/hold`, token, { minutes: 5 });
      expect(hold.statusCode).toBe(status);
      const schedule = await call('PUT', `/api/device/${device.id}/hold-open/schedule`, token, { schedule: null });
      expect(schedule.statusCode).toBe(status);
      const release = await call('POST', `/api/device/${device.id}/hold-open/release`, token);
      expect(release.statusCode).toBe(status);
    }
    expect(await holdLog(device.id)).toHaveLength(0);
    const hold = await call('POST', `/api/device/${device.id}/hold-open/hold`, superadmin.token, { minutes: 5 });
    expect(hold.statusCode).toBe(200);
  });

  it.each([
    [{}, 'minutes', HOLD_OPEN_MESSAGES.minutesOrUntil],
    [{ minutes: 0 }, 'minutes', HOLD_OPEN_MESSAGES.minutes],
    [{ minutes: 1441 }, 'minutes', HOLD_OPEN_MESSAGES.minutes],
    [{ minutes: 5, until: '10:00' }, 'minutes', HOLD_OPEN_MESSAGES.minutesOrUntil],
    [{ until: '25:00' }, 'until', HOLD_OPEN_MESSAGES.until],
    [{ until: '2026-12-05T10:00' }, 'until', HOLD_OPEN_MESSAGES.until],
  ])('answers 400 to a hold of %j, on the field, changing nothing', async (body, field, message) => {
    const { relay, device } = await seedGate();
    const answer = await call('POST', `/api/device/${device.id}/hold-open/hold`, manager.token, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors?.[field]).toContain(message);
    expect(simulator.latches(relay.id)).toHaveLength(0);
  });

  it('refuses a schedule with a bad range, on the field', async () => {
    const { device } = await seedGate();
    const answer = await call('PUT', `/api/device/${device.id}/hold-open/schedule`, manager.token, {
      schedule: { weekly: { mon: [{ from: '07:00', to: '31:00' }] }, exceptions: [] },
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().fieldErrors)).toContain('Use a time of day as HH:MM');
  });

  it("says when a device's driver can't hold the gate open", async () => {
    const { device } = await seedGate('http-template', {
      method: 'POST',
      pathTemplate: '/open?channel={channel}',
      successMatch: 'OK',
    });
    const state = (await call('GET', `/api/device/${device.id}/hold-open`, manager.token)).json().state;
    expect(state.canHold).toBe(false);
    const answer = await call('POST', `/api/device/${device.id}/hold-open/hold`, manager.token, { minutes: 5 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(HOLD_UNSUPPORTED);
  });
});

describe.each(MQTT_PROTOCOLS)('%s over MQTT (Mosquitto)', (protocol) => {
  it('latches on during the range and off after', async () => {
    const mqttApp = await createTestApp({ mqttUrl: 'mqtt://127.0.0.1:1883' });
    try {
      mqttApp.clock.set(at('06:59'));
      const property = await seedProperty(mqttApp.app, { timeZone: 'UTC' });
      const boss = await seedUser(mqttApp.app, { role: 'admin', propertyId: property.id });
      const { relay, device } = await seedMqttGate(mqttApp.app, simulator, property.id, {
        protocol,
        brokerUrl: 'mqtt://127.0.0.1:1883',
      });
      const saved = await mqttApp.app.inject({
        method: 'PUT',
        url: `/api/device/${device.id}/hold-open/schedule`,
        headers: bearer(boss.token),
        payload: { schedule: WEEKDAY_MORNINGS },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const deps = gateDependencies(mqttApp.app, timeouts);
      mqttApp.clock.set(at('07:00'));
      await sweepHolds(deps);
      expect(simulator.isLatchedOn(relay.id)).toBe(true);
      mqttApp.clock.set(at('09:00'));
      await sweepHolds(deps);
      expect(simulator.isLatchedOn(relay.id)).toBe(false);
      const log = await mqttApp.app.db
        .select()
        .from(gateLogs)
        .where(eq(gateLogs.deviceId, device.id))
        .orderBy(asc(gateLogs.timestamp));
      expect(log.map((row) => [row.reason, row.relayOperations])).toEqual([
        ['Held open (schedule)', [{ command: MQTT_HOLD_COMMANDS[protocol][0], success: true }]],
        ['Released (schedule end)', [{ command: MQTT_HOLD_COMMANDS[protocol][1], success: true }]],
      ]);
    } finally {
      await mqttApp.close();
    }
  });
});
