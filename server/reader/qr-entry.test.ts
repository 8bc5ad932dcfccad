import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, registerAs } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { LIMITS } from '../platform/limits/limit-rules';
import { qrCodes } from '../visitors/visitor-tables';

const UNKNOWN_CODES_PER_MINUTE = LIMITS.unknownQrCodes.max;

let t: TestApp;
let simulator: RelaySimulator;
let resident: SeededUser;
let gate: { id: string; key: string; simId: string };
let otherGate: { id: string; key: string; simId: string };

async function seedGate(propertyId: string) {
  const sim = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const key = randomToken();
  const [row] = await t.app.db
    .insert(devices)
    .values({ propertyId, deviceName: `Gate ${sim.name}`, deviceIpAddress: sim.address, deviceKeyHash: sha256Hex(key) })
    .returning();
  return { id: row.id, key, simId: sim.id };
}

beforeAll(async () => {
  t = await createTestApp();
  simulator = new RelaySimulator();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app, { propertyName: 'Oak Ridge' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  gate = await seedGate(property.id);
  otherGate = await seedGate((await seedProperty(t.app)).id);
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const scan = (device: { key: string }, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/access/qr', payload: { code }, headers: bearer(device.key) });

/** Registers a visitor for Monday 2025-06-02 08:00–17:00 New York time; returns the emailed token. */
async function emailedToken(email: string) {
  const answer = await registerAs(t, resident, betweenDatesBody({ email }));
  const [mail] = await sentEmailsTo(t.app, email);
  return { token: decodeQrAttachment(mail), ...(answer.json() as { _id: string; qrCodeId: string }) };
}

const lastLog = async (deviceId: string) =>
  (
    await t.app.db
      .select()
      .from(gateLogs)
      .where(eq(gateLogs.deviceId, deviceId))
      .orderBy(desc(gateLogs.timestamp))
      .limit(1)
  )[0];

describe('POST /api/access/qr', () => {
  it('opens the gate inside the window and logs who it was for', async () => {
    const { token } = await emailedToken('inside@example.com');
    t.clock.set('2025-06-02T13:00:00Z'); // 09:00 in New York
    simulator.clearPulses(gate.simId);
    const answer = await scan(gate, token);
    expect(answer.json()).toEqual({
      granted: true,
      reason: 'Access granted',
      visitor: { firstName: 'Vera', lastName: 'Visitor' },
    });
    expect(simulator.pulses(gate.simId)).toHaveLength(1);
    const log = await lastLog(gate.id);
    expect(log).toMatchObject({
      status: 'success',
      callerType: 'visitor',
      creatorUserId: resident.id,
      visitorDetails: { firstName: 'Vera', lastName: 'Visitor', email: 'inside@example.com' },
      qrCodeDetails: { qrFirstName: 'Vera', qrLastName: 'Visitor' },
      creatorDetails: { firstName: 'Rita', email: resident.email },
      deviceDetails: { deviceType: 'gate' },
      propertyDetails: { propertyName: 'Oak Ridge' },
    });
  });

  it.each([
    [
      'before the window',
      '2025-06-02T11:59:00Z',
      'QR code is not valid yet',
      'This pass is not valid until Mon, Jun 2, 2025 08:00 EDT',
    ],
    ['after the window', '2025-06-02T21:00:00Z', 'QR code has expired', 'This pass has expired'],
  ])('refuses %s with a failed log, words for the reader and no pulse', async (_name, instant, reason, notice) => {
    const { token } = await emailedToken(`outside-${instant.replace(/\D/g, '')}@example.com`);
    t.clock.set(instant);
    simulator.clearPulses(gate.simId);
    expect((await scan(gate, token)).json()).toEqual({ granted: false, reason, notice });
    expect(simulator.pulses(gate.simId)).toHaveLength(0);
    const [log] = await t.app.db
      .select()
      .from(gateLogs)
      .where(and(eq(gateLogs.deviceId, gate.id), eq(gateLogs.reason, reason)));
    expect(log).toMatchObject({
      status: 'failed',
      callerType: 'visitor',
      relayOperations: [],
      visitorDetails: { firstName: 'Vera' },
    });
  });

  it('refuses an expired, a deleted and another property’s code', async () => {
    t.clock.set('2025-06-02T13:00:00Z');
    const other = await emailedToken('elsewhere@example.com');
    expect((await scan(otherGate, other.token)).json()).toMatchObject({
      granted: false,
      reason: 'QR code belongs to another property',
      notice: 'Not a pass for this property',
    });

    const expired = await emailedToken('expired@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/visitor/expire-qrcode',
      payload: { qrCodeId: expired.qrCodeId },
      headers: bearer(resident.token),
    });
    expect((await scan(gate, expired.token)).json()).toEqual({
      granted: false,
      reason: 'QR code has expired',
      notice: 'This pass has expired',
    });

    const deleted = await emailedToken('deleted@example.com');
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/visitor/qr-codes/${deleted.qrCodeId}`,
      headers: bearer(superadmin.token),
    });
    expect((await scan(gate, deleted.token)).json()).toMatchObject({
      granted: false,
      reason: 'QR code not recognised',
      notice: 'This code is not a valid pass',
    });
  });

  it('answers simultaneous scans at two properties each on its own code and reader (looked up together)', async () => {
    t.clock.set('2025-06-02T13:00:00Z');
    const here = await emailedToken('together-here@example.com');
    const there = await emailedToken('together-there@example.com');
    const early = await emailedToken('together-early@example.com');
    await t.app.db
      .update(qrCodes)
      .set({ startDate: new Date('2025-06-03T00:00:00Z') })
      .where(eq(qrCodes.id, early.qrCodeId));
    const wrongKey = { key: randomToken() };
    const cases = [
      { device: otherGate, code: here.token, reason: 'QR code belongs to another property' },
      { device: otherGate, code: 'no-such-code', reason: 'QR code not recognised' },
      { device: gate, code: early.token, reason: 'QR code is not valid yet' },
      { device: otherGate, code: there.token, reason: 'QR code belongs to another property' },
      { device: wrongKey, code: here.token, status: 401 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => cases[i % cases.length]).map(async (expected) => {
        const answer = await scan(expected.device, expected.code);
        return { expected, status: answer.statusCode, reason: answer.json().reason ?? answer.json().message };
      }),
    );
    for (const { expected, status, reason } of answers) {
      expect(status).toBe(expected.status ?? 200);
      if (!expected.status) expect(reason).toBe(expected.reason);
    }
  });

  it('queues an arrival email to the resident when the code asks for it', async () => {
    t.clock.set('2025-06-01T12:00:00Z');
    await t.app.db.update(users).set({ prefEmail: true }).where(eq(users.id, resident.id));
    const { token, _id, qrCodeId } = await emailedToken('arrives@example.com');
    await t.app.inject({
      method: 'PUT',
      url: `/api/visitor/visitors-qr/${_id}/qr-notification`,
      payload: { _id: qrCodeId, qrNotification: true },
      headers: bearer(resident.token),
    });
    t.clock.set('2025-06-02T13:00:00Z');
    expect((await scan(gate, token)).json().granted).toBe(true);
    const arrivals = (await sentEmailsTo(t.app, resident.email)).filter((m) => m.subject?.includes('has arrived'));
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0].text).toContain('Vera Visitor arrived at Oak Ridge');
    expect(arrivals[0].text).toContain('Mon, Jun 2, 2025 09:00 EDT');
  });

  it('throttles unrecognised codes per device', async () => {
    const fresh = await seedGate(resident.propertyId!);
    for (let i = 0; i < UNKNOWN_CODES_PER_MINUTE; i++) expect((await scan(fresh, `guess-${i}`)).statusCode).toBe(200);
    const blocked = await scan(fresh, 'guess-again');
    expect(blocked.statusCode).toBe(429);
    expect((await scan(gate, 'another-device-guess')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await scan(fresh, 'guess-later')).statusCode).toBe(200);
    const failed = await t.app.db
      .select()
      .from(gateLogs)
      .where(and(eq(gateLogs.deviceId, fresh.id), eq(gateLogs.status, 'failed')));
    expect(failed).toHaveLength(UNKNOWN_CODES_PER_MINUTE + 1);
  });

  it('counts a concurrent burst of unrecognised codes exactly against the limit', async () => {
    const burstGate = await seedGate(resident.propertyId!);
    const answers = await Promise.all(
      Array.from({ length: UNKNOWN_CODES_PER_MINUTE + 20 }, (_, i) => scan(burstGate, `burst-guess-${i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(UNKNOWN_CODES_PER_MINUTE);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
  });

  it('decides a valid pass on its merits at a reader throttled for unrecognised codes', async () => {
    const busyGate = await seedGate(resident.propertyId!);
    const { token } = await emailedToken('throttled-reader@example.com');
    t.clock.set('2025-06-02T13:00:00Z');
    for (let i = 0; i <= UNKNOWN_CODES_PER_MINUTE; i++) await scan(busyGate, `junk-${i}`);
    expect((await scan(busyGate, 'junk-again')).statusCode).toBe(429);
    const answer = await scan(busyGate, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().granted).toBe(true);
  });

  it('logs every refusal of a concurrent burst exactly once', async () => {
    const burstGate = await seedGate(resident.propertyId!);
    const { token } = await emailedToken('burst@example.com');
    t.clock.set('2025-06-03T13:00:00Z'); // the next day: expired
    const answers = await Promise.all(Array.from({ length: 15 }, () => scan(burstGate, token)));
    expect(answers.every((answer) => answer.json().reason === 'QR code has expired')).toBe(true);
    const logged = await t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, burstGate.id));
    expect(logged).toHaveLength(15);
  });

  it('refuses a reader without a valid device key', async () => {
    expect((await scan({ key: 'not-a-key' }, 'x')).statusCode).toBe(401);
  });

  it('opens a recurring-weekday pass on its weekdays up to its last day, and not after', async () => {
    const clockBefore = t.app.config.now();
    try {
      const weekly = (lastDay: string, email: string) =>
        registerAs(
          t,
          resident,
          betweenDatesBody({
            email,
            qrType: 'weekdays',
            startDate: '',
            endDate: '',
            lastDay,
            recurringDays: [{ day: 'Monday', startTime: '08:00', endTime: '17:00' }],
          }),
        );
      const passed = await weekly('2025-05-30', 'too-late@example.com');
      expect(passed.statusCode).toBe(400);
      expect(passed.json().fieldErrors).toHaveProperty('lastDay');

      expect((await weekly('2025-06-09', 'weekly@example.com')).statusCode).toBe(200);
      const [mail] = await sentEmailsTo(t.app, 'weekly@example.com');
      expect(mail.text).toContain('Mondays, 08:00–17:00, until Mon, Jun 9, 2025');
      const token = decodeQrAttachment(mail);
      t.clock.set('2025-06-09T14:00:00Z'); // the last day, a Monday, 10:00 in New York
      expect((await scan(gate, token)).json()).toMatchObject({ granted: true });
      t.clock.set('2025-06-16T14:00:00Z'); // the Monday after
      expect((await scan(gate, token)).json()).toMatchObject({ granted: false, reason: 'QR code has expired' });
    } finally {
      t.clock.set(clockBefore.toISOString());
    }
  });

  it('opens nothing for a reader that had stopped waiting (a late decision), and opens on time', async () => {
    t.clock.set('2025-06-01T12:00:00Z');
    const { token } = await emailedToken('late@example.com');
    t.clock.set('2025-06-02T14:00:00Z');
    const sent = (decideBy: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/access/qr',
        payload: { code: token, decideBy },
        headers: bearer(gate.key),
      });
    const pulsesBefore = simulator.pulses(gate.simId).length;
    const late = await sent(t.app.config.now().getTime() - 1);
    expect(late.json()).toEqual({ granted: false, reason: 'The reader had stopped waiting, so nothing was opened.' });
    expect(simulator.pulses(gate.simId)).toHaveLength(pulsesBefore);
    const lateLogs = await t.app.db
      .select()
      .from(gateLogs)
      .where(
        and(
          eq(gateLogs.deviceId, gate.id),
          eq(gateLogs.reason, 'The reader had stopped waiting, so nothing was opened.'),
        ),
      );
    expect(lateLogs).toHaveLength(1);
    expect((await sent(t.app.config.now().getTime() + 4000)).json()).toMatchObject({ granted: true });
    expect(simulator.pulses(gate.simId)).toHaveLength(pulsesBefore + 1);
    t.clock.set('2025-06-01T12:00:00Z');
  });
});
