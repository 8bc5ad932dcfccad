import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { asReader, asUser, callFrom, callRoute, seedIntercomWorld } from '../../test/support/intercom-test-support';
import { createTestApp, login, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { activity } from '../activity/activity-tables';
import { runGateLogUpkeep } from '../app/retention-jobs';
import { devices } from '../device-records/device-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { intercomCalls } from './intercom-tables';

let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

/** The intercom world with its reader on a simulated relay, and a call from it answered by Noor. */
async function answeredCall() {
  const world = await seedIntercomWorld(t.app);
  const { relay, device } = await seedSimulatedGate(t.app, simulator, world.property.id, { name: 'East Gate' });
  const key = randomToken();
  await t.app.db
    .update(devices)
    .set({ deviceKeyHash: sha256Hex(key) })
    .where(eq(devices.id, device.id));
  const reader = { device, key };
  const callId = await callFrom(t.app, reader, 'Noor');
  expect((await callRoute(t.app, asUser(world.resident), callId, 'answer')).statusCode).toBe(200);
  const pulses = () => simulator.pulses(relay.id).length;
  const logRows = () => t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device.id));
  return { ...world, reader, callId, pulses, logRows };
}

describe('POST /api/intercom/calls/:callId/open', () => {
  it('opens through the gate decision as "intercom", names the resident in the log and tells the reader', async () => {
    const { reader, resident, callId, pulses, logRows } = await answeredCall();
    const opened = await callRoute(t.app, asUser(resident), callId, 'open');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'success', message: 'Gate opened successfully!' });
    expect(pulses()).toBe(1);
    const [row] = await logRows();
    expect(row).toMatchObject({ status: 'success', credential: 'intercom', actorUserId: resident.id });
    expect(row.userDetails).toMatchObject({ firstName: 'Noor', lastName: 'Okafor' });
    const [call] = await t.app.db.select().from(intercomCalls).where(eq(intercomCalls.id, callId));
    expect(call.openedLogId).toBe(row.id);
    expect((await callRoute(t.app, asReader(reader), callId)).json().opened).toBe(true);
  });

  it('opens for the answering device only: not another device of theirs, a manager or a neighbour', async () => {
    const { property, manager, resident, callId, pulses } = await answeredCall();
    const phone = { ...resident, token: await login(t.app, resident.email, resident.password, 'resident') };
    const elsewhere = await callRoute(t.app, asUser(phone), callId, 'open');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Only the resident who answered can open the gate from this call.');
    expect((await callRoute(t.app, asUser(manager), callId, 'open')).statusCode).toBe(403);
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    expect((await callRoute(t.app, asUser(neighbour), callId, 'open')).statusCode).toBe(404);
    expect(pulses()).toBe(0);
  });

  it('opens nothing once the call has ended, nor while it only rings', async () => {
    const { reader, resident, callId, pulses } = await answeredCall();
    await callRoute(t.app, asReader(reader), callId, 'end');
    const late = await callRoute(t.app, asUser(resident), callId, 'open');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This call has ended.');
    const ringing = await callFrom(t.app, reader, 'Noor');
    expect((await callRoute(t.app, asUser(resident), ringing, 'open')).statusCode).toBe(409);
    expect(pulses()).toBe(0);
  });

  it('is refused during a lockdown, with a failed log row and no pulse', async () => {
    const { property, manager, resident, callId, pulses, logRows } = await answeredCall();
    const locked = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/lockdown`,
      headers: asUser(manager),
      payload: { reason: 'Police activity' },
    });
    expect(locked.statusCode).toBeLessThan(300);
    const refused = await callRoute(t.app, asUser(resident), callId, 'open');
    expect(refused.statusCode).toBe(403);
    expect(pulses()).toBe(0);
    const [row] = await logRows();
    expect(row).toMatchObject({ status: 'failed', credential: 'intercom', actorUserId: resident.id });
    const [call] = await t.app.db.select().from(intercomCalls).where(eq(intercomCalls.id, callId));
    expect(call.openedLogId).toBeNull();
  });
});

// A JPEG's first bytes, then filler: what a reader's canvas.toBlob('image/jpeg') starts with.
const jpegOf = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 7)]);
const sendPhoto = (reader: { key: string }, callId: string, photo: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/intercom/calls/${callId}/photo`,
    headers: asReader(reader),
    payload: { photo },
  });
const fetchPhoto = (headers: Record<string, string>, callId: string) =>
  t.app.inject({ method: 'GET', url: `/api/intercom/calls/${callId}/photo`, headers });

describe('the still of a call', () => {
  it("is kept with the call and shown to the called resident and the property's managers only", async () => {
    const { property, reader, manager, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    const jpeg = jpegOf(90 * 1024);
    expect((await sendPhoto(reader, callId, jpeg.toString('base64'))).statusCode).toBe(204);
    expect((await sendPhoto(reader, callId, jpeg.toString('base64'))).statusCode).toBe(409);
    expect((await callRoute(t.app, asUser(resident), callId)).json().hasPhoto).toBe(true);
    const seen = await fetchPhoto(asUser(resident), callId);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.rawPayload.equals(jpeg)).toBe(true);
    // A list never carries it.
    const list = await t.app.inject({ method: 'GET', url: '/api/intercom/calls', headers: asUser(resident) });
    expect(list.body.length).toBeLessThan(10_000);
    expect((await fetchPhoto(asUser(manager), callId)).statusCode).toBe(200);
    const trail = await t.app.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'intercom.photo-viewed'), eq(activity.objectId, callId)));
    // Each look is in the trail: the resident's above, then the manager's.
    expect(trail.map((entry) => entry.actorRole).sort()).toEqual(['admin', 'resident']);
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    expect((await fetchPhoto(asUser(neighbour), callId)).statusCode).toBe(404);
    const elsewhere = await seedProperty(t.app, { propertyFeatures: ['intercom'] });
    const otherManager = await seedUser(t.app, { role: 'admin', propertyId: elsewhere.id });
    expect((await fetchPhoto(asUser(otherManager), callId)).statusCode).toBe(404);
    expect((await fetchPhoto(asReader(reader), callId)).statusCode).toBe(401);
  });

  it('refuses what is not a JPEG or is over 100 kB, in a sentence, keeping nothing', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const callId = await callFrom(t.app, reader, 'Noor');
    const png = await sendPhoto(reader, callId, Buffer.from('\x89PNG\r\n\x1a\nrest').toString('base64'));
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('The photo must be a JPEG image.');
    const big = await sendPhoto(reader, callId, jpegOf(101 * 1024).toString('base64'));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The photo must be at most 136,536 characters of base64 (100 kB).');
    const justOver = await sendPhoto(reader, callId, jpegOf(100 * 1024 + 1).toString('base64'));
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().message).toBe('The photo must be at most 100 kB.');
    expect((await callRoute(t.app, asUser(resident), callId)).json().hasPhoto).toBe(false);
  });

  it('goes after the property\'s "Keep call photos for N days" in the daily upkeep; the call stays', async () => {
    const { property, reader, manager, resident } = await seedIntercomWorld(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}/intercom-settings`,
      headers: asUser(manager),
      payload: { callPhotoRetentionDays: 2 },
    });
    expect(set.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${property.id}/intercom-settings`,
      headers: asUser(manager),
      payload: { callPhotoRetentionDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const callId = await callFrom(t.app, reader, 'Noor');
    await sendPhoto(reader, callId, jpegOf(1024).toString('base64'));
    t.clock.advance(36 * 3600 * 1000);
    await runGateLogUpkeep(t.app.db, t.app.config.secret, t.clock.now());
    expect((await fetchPhoto(asUser(resident), callId)).statusCode).toBe(200);
    t.clock.advance(13 * 3600 * 1000);
    const report = await runGateLogUpkeep(t.app.db, t.app.config.secret, t.clock.now());
    expect(report.callPhotosRemoved).toBeGreaterThanOrEqual(1);
    expect((await fetchPhoto(asUser(resident), callId)).statusCode).toBe(404);
    expect((await callRoute(t.app, asUser(manager), callId)).json()).toMatchObject({ _id: callId, hasPhoto: false });
  });
});
