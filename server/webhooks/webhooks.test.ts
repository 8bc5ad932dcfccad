import { WEBHOOK_MESSAGES } from '@core/api/webhooks';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { callFrom, seedIntercomWorld } from '../../test/support/intercom-test-support';
import { sentEmailsTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
  testConfig,
} from '../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, registerAs } from '../../test/support/visitor-test-support';
import { WebhookReceiver } from '../../test/support/webhook-receiver';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import { emitEvent } from '../platform/events/domain-events';
import { webhookEndpoints } from './webhooks-tables';

// Webhooks end to end: a real HTTP receiver checks every signature with the `standardwebhooks`
// library, as an integrator's code would.
let t: TestApp;
let receiver: WebhookReceiver;
let simulator: RelaySimulator;
let manager: SeededUser;
let propertyId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: SeededUser, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), payload });

async function addEndpoint(events: string[], url = receiver.url, who = manager, property = propertyId) {
  const added = await call('POST', `/api/properties/${property}/webhooks`, who, { url, events });
  expect(added.statusCode, added.body).toBe(201);
  return added.json() as { _id: string; secret: string };
}

const deliveriesOf = async (webhookId: string) =>
  (await call('GET', `/api/webhooks/${webhookId}/deliveries`, manager)).json().deliveries;

beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), WebhookReceiver.start()]);
  simulator = new RelaySimulator();
  propertyId = (await seedProperty(t.app, { propertyName: 'Oak Ridge' })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
});
afterAll(async () => {
  await receiver?.stop();
  await simulator?.close();
  await t?.close();
});

describe('webhooks of a property', () => {
  it('shows the whsec_ secret once, keeps it sealed, and signs each delivery so standardwebhooks verifies it', async () => {
    const { _id, secret } = await addEndpoint(['gate.opened']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, _id));
    expect(row.secretSealed).not.toContain(secret.slice(6));
    const listed = await call('GET', `/api/properties/${propertyId}/webhooks`, manager);
    expect(listed.body).not.toContain(secret.slice(6));

    const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Main Gate' });
    const before = receiver.requests.length;
    const pressed = await call('POST', '/api/device/trigger-relay', manager, { deviceId: device.id, propertyId });
    expect(pressed.statusCode, pressed.body).toBe(200);
    await t.app.jobs.kick();
    await receiver.received(before + 1);
    const delivered = receiver.requests[before];
    const payload = new Webhook(secret).verify(delivered.body, delivered.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('gate.opened');
    expect(payload.data).toMatchObject({ propertyId, gateId: device.id, gateName: 'Main Gate', userId: manager.id });
    expect(delivered.headers['webhook-id']).toMatch(/^msg_/);
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });

  it('retries an answer of 500 at its wait with the same webhook-id, and the delivery log shows each attempt', async () => {
    const { _id, secret } = await addEndpoint(['lockdown.started']);
    let answers = 0;
    receiver.answer = () => (++answers === 1 ? { status: 500, body: 'database down' } : { status: 204 });
    const before = receiver.requests.length;
    const queued = await call('POST', `/api/webhooks/${_id}/test`, manager);
    expect(queued.statusCode, queued.body).toBe(202);
    await t.app.jobs.kick();
    await receiver.received(before + 1);
    await t.app.jobs.kick();
    let [delivery] = await deliveriesOf(_id);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts).toMatchObject([{ attempt: 1, statusCode: 500, response: 'database down' }]);
    expect(new Date(delivery.nextAttemptAt).getTime() - new Date(delivery.attempts[0].at).getTime()).toBe(5000);

    await t.app.jobs.kick();
    expect(receiver.requests.length).toBe(before + 1);
    t.clock.advance(5000);
    await t.app.jobs.kick();
    await receiver.received(before + 2);
    const [first, second] = receiver.requests.slice(before);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    new Webhook(secret).verify(second.body, second.headers);
    [delivery] = await deliveriesOf(_id);
    expect(delivery).toMatchObject({ status: 'succeeded', webhookId: first.headers['webhook-id'] });
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 204]);
    receiver.answer = () => ({ status: 200, body: 'ok' });
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });

  it('sends a delivery again with the same id, and rotating the secret signs with both for 24 hours', async () => {
    const { _id, secret: old } = await addEndpoint(['lockdown.started']);
    const before = receiver.requests.length;
    await call('POST', `/api/webhooks/${_id}/test`, manager);
    await t.app.jobs.kick();
    await receiver.received(before + 1);
    const rotated = await call('POST', `/api/webhooks/${_id}/rotate-secret`, manager);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    const [delivery] = await deliveriesOf(_id);
    const again = await call('POST', `/api/webhooks/${_id}/deliveries/${delivery._id}/retry`, manager);
    expect(again.statusCode, again.body).toBe(202);
    await t.app.jobs.kick();
    await receiver.received(before + 2);
    const resent = receiver.requests[before + 1];
    expect(resent.headers['webhook-id']).toBe(receiver.requests[before].headers['webhook-id']);
    new Webhook(old).verify(resent.body, resent.headers);
    new Webhook(fresh).verify(resent.body, resent.headers);

    t.clock.advance(24 * 3600 * 1000 + 1000);
    await call('POST', `/api/webhooks/${_id}/test`, manager);
    await t.app.jobs.kick();
    await receiver.received(before + 3);
    // A day on, the library would refuse the timestamp as stale: count the signatures instead.
    expect(receiver.requests[before + 2].headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect((await deliveriesOf(_id))[0].attempts).toHaveLength(1);
    t.clock.set(new Date());
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });

  it("never sends another property's events to this property's endpoint", async () => {
    const other = await seedProperty(t.app, { propertyName: 'Elm Court' });
    const otherManager = await seedUser(t.app, { role: 'admin', propertyId: other.id });
    const ours = await addEndpoint(['lockdown.started']);
    const theirs = await addEndpoint(['lockdown.started'], receiver.url, otherManager, other.id);
    const started = await call('POST', `/api/properties/${propertyId}/lockdown`, manager, {
      reason: 'Police activity',
    });
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.kick();
    const ourLog = await deliveriesOf(ours._id);
    expect(ourLog.map((d: { event: string }) => d.event)).toEqual(['lockdown.started']);
    const theirLog = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${theirs._id}/deliveries`,
      headers: bearer(otherManager.token),
    });
    expect(theirLog.json().deliveries).toEqual([]);
    await call('DELETE', `/api/properties/${propertyId}/lockdown`, manager);
    await call('DELETE', `/api/webhooks/${ours._id}`, manager);
  });

  it('switches off an endpoint failing for 5 days and emails the managers', async () => {
    const { _id } = await addEndpoint(['lockdown.started']);
    receiver.answer = () => ({ status: 503 });
    await call('POST', `/api/webhooks/${_id}/test`, manager);
    await t.app.jobs.kick();
    t.clock.advance(5 * 24 * 3600 * 1000);
    const [delivery] = await deliveriesOf(_id);
    await call('POST', `/api/webhooks/${_id}/deliveries/${delivery._id}/retry`, manager);
    await t.app.jobs.kick();
    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, _id));
    expect(row.enabled).toBe(false);
    const mails = await sentEmailsTo(t.app, manager.email);
    expect(mails.map((mail) => mail.subject)).toContain('Webhook endpoint switched off of Oak Ridge');
    receiver.answer = () => ({ status: 200, body: 'ok' });
    t.clock.set(new Date());
  });

  it('delivers each event once per attempt when two processes share the database', async () => {
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.clock.now }), t.database);
    try {
      const { _id } = await addEndpoint(['lockdown.started']);
      const before = receiver.requests.length;
      for (let i = 0; i < 20; i++)
        await emitEvent(t.app.jobs, t.app.db, {
          propertyId,
          type: 'lockdown.started',
          at: t.clock.now(),
          data: { lockdownId: crypto.randomUUID(), reason: `Drill ${i}` },
        });
      await Promise.all([t.app.jobs.kick(), second.jobs.kick(), t.app.jobs.kick(), second.jobs.kick()]);
      await receiver.received(before + 20);
      await Promise.all([t.app.jobs.kick(), second.jobs.kick()]);
      const ids = receiver.requests.slice(before).map((request) => request.headers['webhook-id']);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      const log = await deliveriesOf(_id);
      expect(log.map((d: { attempts: unknown[] }) => d.attempts.length)).toEqual(Array(20).fill(1));
    } finally {
      await second.close();
    }
  });
});

type Delivered = { type: string; data: Record<string, unknown> };

describe('events of hold-open and of arrivals', () => {
  /** What this endpoint was sent since `before`: the requests its secret signs (other endpoints share the receiver). */
  const verifiedSince = (before: number, secret: string) =>
    receiver.requests.slice(before).flatMap((request) => {
      try {
        return [new Webhook(secret).verify(request.body, request.headers) as Delivered];
      } catch {
        return [];
      }
    });

  /** Waits, request by request, until this endpoint was sent an event of `type`. */
  async function untilSent(before: number, secret: string, type: string) {
    for (let count = before + 1; ; count++) {
      await receiver.received(count);
      const sent = verifiedSince(before, secret).find((event) => event.type === type);
      if (sent) return sent;
    }
  }

  it('tells hold.started and hold.ended, not gate.opened, when a manager holds a gate open and releases it', async () => {
    const { _id, secret } = await addEndpoint(['hold.started', 'hold.ended', 'gate.opened']);
    const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Service Gate' });
    const before = receiver.requests.length;
    const held = await call('POST', `/api/device/${device.id}/hold-open/hold`, manager, { minutes: 30 });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().state.held).toBe(true);
    await t.app.jobs.kick();
    await receiver.received(before + 1);
    const released = await call('POST', `/api/device/${device.id}/hold-open/release`, manager);
    expect(released.statusCode, released.body).toBe(200);
    await t.app.jobs.kick();
    await receiver.received(before + 2);
    await t.app.jobs.kick();
    const [started, ended, ...more] = verifiedSince(before, secret);
    expect(more).toEqual([]);
    expect(started).toMatchObject({
      type: 'hold.started',
      data: { propertyId, gateId: device.id, gateName: 'Service Gate', cause: 'manual', userId: manager.id },
    });
    expect(new Date(started.data.until as string).getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);
    expect(ended).toMatchObject({
      type: 'hold.ended',
      data: { gateId: device.id, cause: 'manual', userId: manager.id, until: null, relayError: null },
    });
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });

  it('tells hold.ended with the lockdown as its cause when a lockdown releases a held gate', async () => {
    const { _id, secret } = await addEndpoint(['hold.started', 'hold.ended']);
    const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Garage Gate' });
    const before = receiver.requests.length;
    expect((await call('POST', `/api/device/${device.id}/hold-open/hold`, manager, { minutes: 30 })).statusCode).toBe(
      200,
    );
    await t.app.jobs.kick();
    await untilSent(before, secret, 'hold.started');
    const started = await call('POST', `/api/properties/${propertyId}/lockdown`, manager, { reason: 'Drill' });
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.kick();
    const ended = await untilSent(before, secret, 'hold.ended');
    expect(ended.data).toMatchObject({ gateName: 'Garage Gate', cause: 'lockdown', userId: null });
    await call('DELETE', `/api/properties/${propertyId}/lockdown`, manager);
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });

  it('tells intercom.call when a reader calls a resident, with the gate and who was called by id and display name', async () => {
    const world = await seedIntercomWorld(t.app);
    const { _id, secret } = await addEndpoint(['intercom.call'], receiver.url, world.manager, world.property.id);
    const before = receiver.requests.length;
    const callId = await callFrom(t.app, world.reader, 'Noor');
    await t.app.jobs.kick();
    const sent = await untilSent(before, secret, 'intercom.call');
    expect(sent.data).toEqual({
      propertyId: world.property.id,
      callId,
      gateId: world.reader.device.id,
      gateName: 'North Gate',
      residentId: world.resident.id,
      displayName: 'Noor O.',
    });
    await call('DELETE', `/api/webhooks/${_id}`, world.manager);
  });

  it("tells visitor.arrived at a pass's first opening only, at whichever gate", async () => {
    const { _id, secret } = await addEndpoint(['visitor.arrived']);
    const resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rhea', lastName: 'Resident' });
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const visitorEmail = 'vic.arrival@example.com';
    const registered = await registerAs(
      t,
      resident,
      betweenDatesBody({
        firstName: 'Vic',
        lastName: 'Arrival',
        email: visitorEmail,
        startDate: day(-1),
        endDate: day(1),
      }),
    );
    expect(registered.statusCode, registered.body).toBe(200);
    await t.app.jobs.kick();
    const code = decodeQrAttachment((await sentEmailsTo(t.app, visitorEmail))[0]);
    const gates = await Promise.all(
      ['North Gate', 'Inner Gate'].map(async (name) => {
        const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name });
        return { device, key: await giveDeviceKey(t.app, device.id) };
      }),
    );
    const scan = (gate: (typeof gates)[number]) =>
      t.app.inject({ method: 'POST', url: '/api/access/qr', payload: { code }, headers: bearer(gate.key) });
    const before = receiver.requests.length;
    expect((await scan(gates[0])).json().granted).toBe(true);
    await t.app.jobs.kick();
    await receiver.received(before + 1);
    expect((await scan(gates[1])).json().granted).toBe(true);
    await t.app.jobs.kick();
    await t.app.jobs.kick();
    const delivered = verifiedSince(before, secret);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      type: 'visitor.arrived',
      data: {
        propertyId,
        gateId: gates[0].device.id,
        gateName: 'North Gate',
        residentId: resident.id,
        visitorName: 'Vic Arrival',
      },
    });
    expect(delivered[0].data.logId).toEqual(expect.any(String));
    expect(JSON.stringify(delivered[0])).not.toContain(code);
    await call('DELETE', `/api/webhooks/${_id}`, manager);
  });
});

describe('a receiver that never answers', () => {
  let hung: TestApp;
  beforeAll(async () => {
    hung = await createTestApp({ webhookTimeoutMs: 200 });
  });
  afterAll(() => hung?.close());

  it('gives up at the timeout, frees the worker and logs the attempt as unanswered', async () => {
    const property = await seedProperty(hung.app, { propertyName: 'Birch Lane' });
    const owner = await seedUser(hung.app, { role: 'admin', propertyId: property.id });
    const added = await hung.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/webhooks`,
      headers: bearer(owner.token),
      payload: { url: receiver.url, events: ['hold.started'] },
    });
    receiver.answer = () => 'hang';
    const before = receiver.requests.length;
    await hung.app.inject({
      method: 'POST',
      url: `/api/webhooks/${added.json()._id}/test`,
      headers: bearer(owner.token),
    });
    await hung.app.jobs.kick();
    expect(receiver.requests.length).toBe(before + 1);
    receiver.answer = () => ({ status: 200, body: 'ok' });
    const log = await hung.app.inject({
      method: 'GET',
      url: `/api/webhooks/${added.json()._id}/deliveries`,
      headers: bearer(owner.token),
    });
    expect(log.json().deliveries[0].attempts).toMatchObject([{ statusCode: null, response: 'No answer within 0.2 s' }]);
  });
});

describe('addresses webhooks may not reach', () => {
  let strict: TestApp;
  let owner: SeededUser;
  let property: string;
  beforeAll(async () => {
    // Every name resolves to this machine, as a rebinding attacker's would.
    strict = await createTestApp({
      allowLocalDevices: false,
      resolveHost: (_name, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    property = (await seedProperty(strict.app)).id;
    owner = await seedUser(strict.app, { role: 'admin', propertyId: property });
  });
  afterAll(() => strict?.close());

  const add = (url: string) =>
    strict.app.inject({
      method: 'POST',
      url: `/api/properties/${property}/webhooks`,
      headers: bearer(owner.token),
      payload: { url, events: ['gate.opened'] },
    });

  it.each([
    'http://hooks.example.com/in',
    'https://127.0.0.1/in',
    'https://127.1/in',
    'https://2130706433/in',
    'https://0x7f.0.0.1/in',
    'https://[::1]/in',
    'https://[0000::1]/in',
    'https://[::ffff:127.0.0.1]/in',
    'https://localhost/in',
    'https://169.254.169.254/latest/meta-data',
    'https://metadata.google.internal/',
    'https://10.0.0.5/in',
    'https://192.168.1.20/in',
    'https://printer.local/in',
  ])('refuses %s with a sentence and saves nothing', async (url) => {
    const refused = await add(url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.urlRefused);
    const saved = await strict.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.propertyId, property));
    expect(saved).toEqual([]);
  });

  it('refuses at connect time a public name that resolves to a local address', async () => {
    const added = await add('https://hooks.example.com/in');
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json()._id;
    await strict.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: bearer(owner.token) });
    await strict.app.jobs.kick();
    const log = await strict.app.inject({
      method: 'GET',
      url: `/api/webhooks/${id}/deliveries`,
      headers: bearer(owner.token),
    });
    expect(log.json().deliveries[0].attempts).toMatchObject([
      { statusCode: null, response: 'Refused: the name resolves to a local or private address' },
    ]);
  });
});
