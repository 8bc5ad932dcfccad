import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, seedIntercomWorld } from '../../test/support/intercom-test-support';
import { phoneCall, subscribeDevice } from '../../test/support/push-devices';
import { PushService } from '../../test/support/push-service';
import { readUntil } from '../../test/support/read-until';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { jobs } from '../platform/jobs/job-tables';
import { pushNoticeJob } from '../push/push-notices';

// The ring's Web Push against a real push service process (web-push-testing), which checks the
// VAPID signature and decrypts each message as a browser vendor's service would.
let t: TestApp;
let pushService: PushService;
beforeAll(async () => {
  [t, pushService] = await Promise.all([createTestApp(), PushService.start()]);
});
afterAll(async () => {
  await pushService?.stop();
  await t?.close();
});

const bodiesOf = (clientHash: string) =>
  readUntil(
    () => pushService.messages(clientHash),
    (m) => m.length > 0,
    10_000,
    50,
  ).then((messages) => messages.map((message) => JSON.parse(message)));

describe('the ring of an intercom call', () => {
  it("pushes 'Someone is at <gate>' to each subscribed device of the called resident, opening the call", async () => {
    const { reader, resident, manager } = await seedIntercomWorld(t.app);
    const [phone, tablet, managersPhone] = [
      await subscribeDevice(t.app, pushService, resident),
      await subscribeDevice(t.app, pushService, resident),
      await subscribeDevice(t.app, pushService, manager),
    ];
    const callId = await callFrom(t.app, reader, 'Noor');
    for (const device of [phone, tablet])
      expect(await bodiesOf(device.clientHash)).toEqual([
        { body: 'Someone is at North Gate', url: `/calls/${callId}` },
      ]);
    expect(await pushService.messages(managersPhone.clientHash)).toEqual([]);
  });

  it('pushes nothing while the Profile switch for intercom calls is off', async () => {
    const { reader, resident } = await seedIntercomWorld(t.app);
    const device = await subscribeDevice(t.app, pushService, resident);
    const off = await phoneCall(t.app, 'POST', `/api/resident/update-preferences/${resident.id}`, resident.token, {
      email: false,
      sms: false,
      pushIntercom: false,
    });
    expect(off.json().preferences).toMatchObject({ push: true, pushIntercom: false });
    const callId = await callFrom(t.app, reader, 'Noor');
    const queued = await t.app.db.select().from(jobs);
    expect(
      queued.filter((job) => job.kind === pushNoticeJob.name && JSON.stringify(job.payload).includes(callId)),
    ).toHaveLength(0);
    expect(await pushService.messages(device.clientHash)).toEqual([]);
  });
});
