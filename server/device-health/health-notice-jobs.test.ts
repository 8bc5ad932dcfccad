import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { Mailbox } from '../../test/support/mailbox';
import { isTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { OFFLINE_NOTICE_AFTER_MS, READER_OFFLINE_AFTER_MS } from './health-rule';
import { sweepDeviceHealth } from './health-sweep';

// Offline and back-online emails over real SMTP, with the test clock standing in for the minutes.
let t: TestApp;
const mailbox = new Mailbox();
const simulator = new RelaySimulator();
let managers: SeededUser[];
let superadmin: SeededUser;
let otherManager: SeededUser;
let propertyId: string;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ smtpUrl: mailbox.url });
  t.clock.set('2026-03-02T15:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyName: 'Elm Court', timeZone: 'America/New_York' })).id;
  managers = [
    await seedUser(t.app, { role: 'admin', propertyId }),
    await seedUser(t.app, { role: 'admin', propertyId }),
  ];
  await seedUser(t.app, { role: 'resident', propertyId });
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  const elsewhere = await seedProperty(t.app, { propertyName: 'Birch Hill' });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: elsewhere.id });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
  await mailbox.stop();
});

async function newGate(name: string) {
  const { device, relay } = await seedSimulatedGate(t.app, simulator, propertyId, { name });
  return { deviceId: device.id, relayId: relay.id, key: await giveDeviceKey(t.app, device.id) };
}

const heartbeat = (key: string) =>
  t.app.inject({ method: 'POST', url: '/api/devices/heartbeat', headers: bearer(key) });
const openGate = (deviceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/trigger-relay',
    headers: bearer(superadmin.token),
    payload: { deviceId, propertyId },
  });

/** Sweeps, sends what it queued, and answers the subjects of every email about the gate so far, per recipient. */
async function sweepAndRead(gateName: string) {
  await sweepDeviceHealth(t.app);
  await t.app.jobs.kick();
  const about = mailbox.messages.filter((mail) => mail.subject?.includes(gateName));
  return {
    all: about,
    to: (user: SeededUser) => about.filter((mail) => isTo(mail, user.email)).map((mail) => mail.subject),
  };
}

describe('offline and back-online emails', () => {
  it('tells each manager of the property once after 10 minutes offline, and once when the reader is back', async () => {
    const gate = await newGate('North Gate');
    expect((await heartbeat(gate.key)).statusCode).toBe(204);
    const lastHeartbeat = t.clock.now();

    t.clock.advance(READER_OFFLINE_AFTER_MS + OFFLINE_NOTICE_AFTER_MS - 1000);
    expect((await sweepAndRead('North Gate')).all).toHaveLength(0);

    t.clock.advance(2000);
    let mail = await sweepAndRead('North Gate');
    for (const manager of managers) expect(mail.to(manager)).toEqual(['Offline: North Gate at Elm Court']);
    expect(mail.to(superadmin)).toEqual([]);
    expect(mail.to(otherManager)).toEqual([]);
    const offline = mail.all[0];
    // Offline since the third missed heartbeat: 90 s after the last one, in the property's time zone.
    expect(new Date(lastHeartbeat.getTime() + READER_OFFLINE_AFTER_MS).toISOString()).toBe('2026-03-02T15:01:30.000Z');
    expect(offline.text).toContain('North Gate at Elm Court has been offline since');
    expect(offline.text).toContain('since Mon, Mar 2, 2026 10:01 EST.');
    expect(offline.text).toContain('gate reader has sent no heartbeat');

    // Still offline: no repeats, however long and however often the sweep runs.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(30 * 60_000);
      mail = await sweepAndRead('North Gate');
    }
    expect(mail.all).toHaveLength(2);

    expect((await heartbeat(gate.key)).statusCode).toBe(204);
    mail = await sweepAndRead('North Gate');
    for (const manager of managers)
      expect(mail.to(manager)).toEqual(['Offline: North Gate at Elm Court', 'Back online: North Gate at Elm Court']);
    expect(mail.to(superadmin)).toEqual([]);
    await heartbeat(gate.key);
    t.clock.advance(10_000);
    expect((await sweepAndRead('North Gate')).all).toHaveLength(4);
  });

  it('sends nothing for a device offline less than 10 minutes, nor for one never seen', async () => {
    const gate = await newGate('Side Gate');
    await newGate('Never Gate');
    await heartbeat(gate.key);
    t.clock.advance(READER_OFFLINE_AFTER_MS + OFFLINE_NOTICE_AFTER_MS - 60_000);
    await heartbeat(gate.key);
    t.clock.advance(60 * 60_000);
    await heartbeat(gate.key);
    expect((await sweepAndRead('Side Gate')).all).toHaveLength(0);
    expect((await sweepAndRead('Never Gate')).all).toHaveLength(0);
  });

  it('tells the managers when the relay failed its last pulse 10 minutes ago, and when it answers again', async () => {
    const gate = await newGate('Service Gate');
    await simulator.setFault(gate.relayId, 'down');
    expect((await openGate(gate.deviceId)).statusCode).toBe(502);
    t.clock.advance(OFFLINE_NOTICE_AFTER_MS - 1000);
    expect((await openGate(gate.deviceId)).statusCode).toBe(502);
    expect((await sweepAndRead('Service Gate')).all).toHaveLength(0);
    t.clock.advance(1000);
    let mail = await sweepAndRead('Service Gate');
    for (const manager of managers) expect(mail.to(manager)).toEqual(['Offline: Service Gate at Elm Court']);
    expect(mail.all[0].text).toContain('relay did not answer');

    await simulator.setFault(gate.relayId, 'none');
    expect((await openGate(gate.deviceId)).statusCode).toBe(200);
    mail = await sweepAndRead('Service Gate');
    for (const manager of managers)
      expect(mail.to(manager)).toEqual([
        'Offline: Service Gate at Elm Court',
        'Back online: Service Gate at Elm Court',
      ]);
  });

  it('two sweeps at the same moment queue one email per manager', async () => {
    const gate = await newGate('East Gate');
    await heartbeat(gate.key);
    t.clock.advance(READER_OFFLINE_AFTER_MS + OFFLINE_NOTICE_AFTER_MS + 1000);
    const sweeps = await Promise.all(Array.from({ length: 4 }, () => sweepDeviceHealth(t.app)));
    const claims = sweeps.flat().filter((notice) => notice.deviceId === gate.deviceId);
    expect(claims).toEqual([expect.objectContaining({ change: 'offline', cause: 'reader' })]);
    const mail = await sweepAndRead('East Gate');
    for (const manager of managers) expect(mail.to(manager)).toEqual(['Offline: East Gate at Elm Court']);
  });
});
