import { QR_ENTRY_REASONS } from '@core/api/entry';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastPulseHold, seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { gateLogs } from '../gate-log/gate-log-tables';
import {
  decideAtGate,
  GATE_DID_NOT_OPEN,
  type GateDeps,
  type GateLogDetails,
  gateDependencies,
  openGate,
} from './gate-decision';
import { statusOf } from './relay-pulse';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let gate: GateDeps;
const logDetails = { callerType: 'user' as const };

beforeAll(async () => {
  t = await createTestApp();
  gate = gateDependencies(t.app);
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const logsOf = (openings: { logId: string }[]) =>
  t.app.db
    .select()
    .from(gateLogs)
    .where(
      inArray(
        gateLogs.id,
        openings.map((opening) => opening.logId),
      ),
    );

describe('openGate', () => {
  it('joins concurrent presses on one gate into one pulse, and logs every press', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
    await simulator.setFault(relay.id, 'slow', 300);
    const presses = await Promise.all([1, 2, 3].map(() => openGate(gate, { device, logDetails })));
    expect(simulator.pulses(relay.id)).toHaveLength(1);
    expect(presses.map((press) => press.status)).toEqual(['success', 'success', 'success']);
    const logs = await logsOf(presses);
    expect(logs).toHaveLength(3);

    pastPulseHold(t.clock, device);
    await openGate(gate, { device, logDetails });
    expect(simulator.pulses(relay.id)).toHaveLength(2);
  });

  it('pulses two gates in parallel', async () => {
    const first = await seedSimulatedGate(t.app, simulator, propertyId);
    const second = await seedSimulatedGate(t.app, simulator, propertyId);
    await simulator.setFault(first.relay.id, 'slow', 500);
    await simulator.setFault(second.relay.id, 'slow', 500);
    let firstAnsweredAt = 0;
    await Promise.all([
      openGate(gate, { device: first.device, logDetails }).then(() => {
        firstAnsweredAt = Date.now();
      }),
      openGate(gate, { device: second.device, logDetails }),
    ]);
    const [secondPulse] = simulator.pulses(second.relay.id);
    expect(simulator.pulses(first.relay.id)).toHaveLength(1);
    expect(new Date(secondPulse.at).getTime()).toBeLessThan(firstAnsweredAt);
  });

  it('commits one log row per opening when many gates open at once, each naming its own gate', async () => {
    const gates = await Promise.all([1, 2, 3, 4, 5, 6].map(() => seedSimulatedGate(t.app, simulator, propertyId)));
    const openings = await Promise.all(gates.map(({ device }) => openGate(gate, { device, logDetails })));
    const logs = await logsOf(openings);
    expect(logs.map((log) => log.deviceId).sort()).toEqual(gates.map(({ device }) => device.id).sort());
    for (const { relay } of gates) expect(simulator.pulses(relay.id)).toHaveLength(1);
  });

  it('refuses a loopback relay when local devices are not allowed, and still logs the attempt', async () => {
    const strict = await createTestApp({ allowLocalDevices: false });
    try {
      const property = await seedProperty(strict.app);
      const { relay, device } = await seedSimulatedGate(strict.app, simulator, property.id);
      const opening = await openGate(gateDependencies(strict.app), { device, logDetails });
      expect(opening.status).toBe('failed');
      expect(simulator.pulses(relay.id)).toHaveLength(0);
      const [log] = await strict.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
      expect(log.reason).toMatch(/local address/);
    } finally {
      await strict.close();
    }
  });

  it('does not follow a redirect', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'http-template' });
    const redirecting = { ...device, driverSettings: { method: 'GET', pathTemplate: '/redirect' } };
    const answer = await openGate(gate, { device: redirecting, logDetails });
    expect(answer.status).toBe('failed');
    expect(simulator.pulses(relay.id)).toHaveLength(0);
  });
});

describe('statusOf', () => {
  it('is success when every operation succeeded, failed when none did, partial otherwise', () => {
    expect(statusOf([{ command: 'a', success: true }])).toBe('success');
    expect(statusOf([{ command: 'a', success: false }])).toBe('failed');
    expect(statusOf([])).toBe('failed');
    expect(
      statusOf([
        { command: 'a', success: true },
        { command: 'b', success: false },
      ]),
    ).toBe('partial');
  });
});

describe('decideAtGate', () => {
  const person = { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null };
  /** What each way in tells the log about who asked. */
  const ways: { counted: string | null; who: GateLogDetails }[] = [
    {
      counted: 'qr',
      who: {
        callerType: 'visitor',
        credential: 'qr',
        creatorUserId: null,
        visitorDetails: { firstName: 'Vic', lastName: 'Visitor', email: 'vic@example.com' },
        qrCodeDetails: { qrFirstName: 'Vic', qrLastName: 'Visitor' },
        creatorDetails: person,
      },
    },
    {
      counted: 'delivery-pin',
      who: {
        callerType: 'visitor',
        credential: 'pin',
        visitorDetails: { firstName: 'Dan', lastName: 'Parcels', email: '' },
        qrCodeDetails: { qrFirstName: 'Delivery pass', qrLastName: 'Parcels' },
      },
    },
    { counted: 'pin', who: { callerType: 'user', credential: 'pin', userDetails: person } },
    { counted: 'card', who: { callerType: 'user', credential: 'card', userDetails: person } },
    { counted: null, who: { callerType: 'user', credential: 'remote', userDetails: person } },
  ];
  const decisions = async () => {
    const values = (await t.app.metrics.gateDecisions.get()).values;
    const of = (credential: string, outcome: string) =>
      values.find((v) => v.labels.credential === credential && v.labels.outcome === outcome)?.value ?? 0;
    return Object.assign(of, { total: values.reduce((sum, v) => sum + v.value, 0) });
  };
  const logOf = async (id: string | undefined) => {
    const [row] = await t.app.db
      .select()
      .from(gateLogs)
      .where(eq(gateLogs.id, id ?? ''));
    return row;
  };
  const lastLogOf = async (deviceId: string) =>
    (await t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, deviceId))).sort(
      (a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1),
    )[0];

  it.each(ways)('lands $who.credential ($counted) in one log row of the same shape, counted once', async (way) => {
    const propertyName = `Shape Court ${way.who.credential} ${way.counted}`;
    const property = await seedProperty(t.app, { propertyName, propertyLocation: '1 Log Lane' });
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    const call = { device, property, who: way.who, counted: way.counted };
    const target = {
      propertyId: property.id,
      deviceId: device.id,
      deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
      propertyDetails: { propertyName, propertyLocation: '1 Log Lane' },
    };
    const counted0 = await decisions();

    const refused = await decideAtGate(gate, call, { refuse: 'nope', reason: 'Not today' });
    expect(refused).toEqual({ answer: { granted: false, reason: 'Not today' }, outcome: 'nope', opening: null });
    expect(await lastLogOf(device.id)).toMatchObject({ ...target, ...way.who, status: 'failed', reason: 'Not today' });

    const granted = await decideAtGate(gate, call, { grant: { reason: 'Welcome' } });
    expect(granted.answer).toEqual({ granted: true, reason: 'Welcome' });
    expect(simulator.pulses(relay.id)).toHaveLength(1);
    expect(await logOf(granted.opening?.logId)).toMatchObject({ ...target, ...way.who, status: 'success' });

    const late = await decideAtGate(
      gate,
      { ...call, decideBy: t.app.config.now().getTime() - 1 },
      { grant: { reason: 'Welcome' } },
    );
    expect(late.answer).toEqual({ granted: false, reason: QR_ENTRY_REASONS.late });
    expect(simulator.pulses(relay.id)).toHaveLength(1);
    expect(await lastLogOf(device.id)).toMatchObject({
      ...target,
      ...way.who,
      status: 'failed',
      reason: QR_ENTRY_REASONS.late,
    });

    await simulator.setFault(relay.id, 'down');
    pastPulseHold(t.clock, device);
    const failed = await decideAtGate(gate, call, { grant: { reason: 'Welcome' } });
    expect(failed).toMatchObject({ answer: { granted: false, reason: GATE_DID_NOT_OPEN }, outcome: 'relay_failed' });
    expect(await logOf(failed.opening?.logId)).toMatchObject({ ...target, ...way.who, status: 'failed' });

    const counted1 = await decisions();
    const { counted } = way;
    if (!counted) expect(counted1.total).toBe(counted0.total);
    for (const outcome of ['nope', 'granted', 'late', 'relay_failed'])
      if (counted) expect(counted1(counted, outcome) - counted0(counted, outcome)).toBe(1);
  });

  it('counts a throttled attempt, logs it only when asked to, and throws its refusal', async () => {
    const property = await seedProperty(t.app);
    const { device } = await seedSimulatedGate(t.app, simulator, property.id);
    const call = { device, property, who: { callerType: 'user' as const, credential: 'pin' as const }, counted: 'pin' };
    const counted0 = await decisions();
    const error = new Error('slow down');
    await expect(decideAtGate(gate, call, { throttle: 'throttled', error })).rejects.toBe(error);
    expect(await lastLogOf(device.id)).toBeUndefined();
    await expect(decideAtGate(gate, call, { throttle: 'locked', error, logReason: 'Locked' })).rejects.toBe(error);
    expect(await lastLogOf(device.id)).toMatchObject({ status: 'failed', reason: 'Locked', credential: 'pin' });
    const counted1 = await decisions();
    expect(counted1('pin', 'throttled') - counted0('pin', 'throttled')).toBe(1);
    expect(counted1('pin', 'locked') - counted0('pin', 'locked')).toBe(1);
  });
});
