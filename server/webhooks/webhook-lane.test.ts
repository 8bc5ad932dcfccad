import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { jobKind } from '../platform/jobs/job-kind';
import { JobQueue } from '../platform/jobs/job-queue';
import { jobs } from '../platform/jobs/job-tables';
import { webhookAttemptJob } from './webhook-delivery-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.delete(jobs);
});

// Stands for every kind of the shared lane (emails, pushes): one without a lane of its own.
const emailJob = jobKind('lane-test-email', z.strictObject({ to: z.string() }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean) {
  while (!condition()) await sleep(20);
}

it('sends an email enqueued behind a backlog of webhook deliveries while every one of them hangs', async () => {
  const queue = new JobQueue(t.app.db, t.clock.now, t.app.log, { leaseSeconds: 30, concurrency: 4 });
  let hanging = 0;
  const releases: Array<() => void> = [];
  queue.register(webhookAttemptJob, async () => {
    hanging++;
    await new Promise<void>((resolve) => releases.push(resolve));
  });
  const sent: string[] = [];
  queue.register(emailJob, async ({ to }) => {
    sent.push(to);
  });
  await queue.enqueueMany(
    t.app.db,
    webhookAttemptJob,
    Array.from({ length: 12 }, () => ({ deliveryId: crypto.randomUUID(), manual: false })),
  );
  const backlog = queue.kick();
  await until(() => hanging === 4);
  await queue.enqueue(t.app.db, emailJob, { to: 'resident@lane.test' });
  void queue.kick();
  await until(() => sent.length === 1);
  expect(sent).toEqual(['resident@lane.test']);
  // The deliveries still hang: their lane is full, the email went through the shared one.
  expect(hanging).toBe(4);
  while (hanging < 12 || releases.length) {
    for (const release of releases.splice(0)) release();
    await sleep(20);
  }
  await backlog;
  const rows = await t.app.db.select().from(jobs);
  expect(rows.filter((job) => job.doneAt === null)).toEqual([]);
});
