import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { loggerOptions } from '../logging/logger-options';
import { jobKind, type RunningJob } from './job-kind';
import { JobQueue } from './job-queue';
import { jobs } from './job-tables';

const DAY_MS = 24 * 3600 * 1000;
const LEASE_SECONDS = 1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.delete(jobs);
});

const testJob = jobKind('test-job', z.strictObject({ n: z.number() }));
const queue = () => new JobQueue(t.app.db, t.clock.now, t.app.log, { leaseSeconds: LEASE_SECONDS, concurrency: 4 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean) {
  while (!condition()) await sleep(20);
}

/** Resolves when the job's signal aborts, or after `ms`; says which. */
function abortedWithin(job: RunningJob, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    job.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const onlyJob = async () => (await t.app.db.select().from(jobs))[0];

describe('job leases', () => {
  it('runs a job once while it outlives its lease many times over, whatever the clock says', async () => {
    const [first, second] = [queue(), queue()];
    let runs = 0;
    const finishers: Array<() => void> = [];
    const handler = async () => {
      runs++;
      await new Promise<void>((resolve) => {
        finishers.push(resolve);
      });
    };
    first.register(testJob, handler);
    second.register(testJob, handler);
    await first.enqueue(t.app.db, testJob, { n: 1 });
    const running = first.kick();
    await until(() => runs === 1);
    for (let i = 0; i < 15; i++) {
      t.clock.advance(10 * 60 * 1000);
      await second.kick();
      await sleep(200); // 3 s in all: three leases
    }
    for (const finish of finishers) finish();
    await running;
    expect(runs).toBe(1);
    const job = await onlyJob();
    expect(job.doneAt).not.toBeNull();
    expect(job.attempts).toBe(1);
  });

  it('stops a job whose lease another worker took over, and leaves the job to that worker', async () => {
    const first = queue();
    let aborted: Promise<boolean> | null = null;
    first.register(testJob, async (_payload, job) => {
      aborted = abortedWithin(job, 10_000);
      if (await aborted) throw job.signal.reason;
    });
    await first.enqueue(t.app.db, testJob, { n: 1 });
    const running = first.kick();
    await until(() => aborted !== null);
    const [taken] = await t.app.db
      .update(jobs)
      .set({ leaseToken: crypto.randomUUID(), lockedUntil: sql`now() + interval '1 minute'` })
      .returning({ leaseToken: jobs.leaseToken });
    expect(await aborted).toBe(true);
    await running;
    expect(await onlyJob()).toMatchObject({ leaseToken: taken.leaseToken, doneAt: null, lastError: null });
  });

  it('stops a job before its lease ends when the lease cannot be renewed, and retries it later', async () => {
    const first = queue();
    let started = false;
    let signal: AbortSignal | null = null;
    first.register(testJob, async (_payload, job) => {
      started = true;
      signal = job.signal;
      if (await abortedWithin(job, 10_000)) throw job.signal.reason;
    });
    await first.enqueue(t.app.db, testJob, { n: 1 });
    const running = first.kick();
    await until(() => started);
    // Holding the job's row stalls every renewal, as a database that stopped answering would.
    const abortedWhileHeld = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from jobs for update`);
      for (let waited = 0; waited < 10_000 && !signal?.aborted; waited += 20) await sleep(20);
      return signal?.aborted ?? false;
    });
    expect(abortedWhileHeld).toBe(true);
    await running;
    const job = await onlyJob();
    expect(job.doneAt).toBeNull();
    expect(job.lastError).toMatch(/lease could not be renewed/);
    expect(job.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

describe('stopping', () => {
  it('aborts a job still running after a few seconds and releases it for a retry', async () => {
    const worker = queue();
    let started = false;
    worker.register(testJob, async (_payload, job) => {
      started = true;
      if (await abortedWithin(job, 60_000)) throw job.signal.reason;
    });
    await worker.enqueue(t.app.db, testJob, { n: 1 });
    void worker.kick();
    await until(() => started);
    await worker.stop();
    const job = await onlyJob();
    expect(job).toMatchObject({ doneAt: null, leaseToken: null, lockedUntil: null });
    expect(job.lastError).toMatch(/the process is stopping/);
  });
});

describe('finished jobs', () => {
  it('lose their payload when done and when given up', async () => {
    const worker = queue();
    worker.register(testJob, async ({ n }) => {
      if (n === 2) throw new Error('refused for good');
    });
    await worker.enqueueMany(t.app.db, testJob, [{ n: 1 }, { n: 2 }]);
    await t.app.db.update(jobs).set({ attempts: 24 });
    await worker.kick();
    const rows = await t.app.db.select().from(jobs).orderBy(jobs.id);
    expect(rows.map((row) => [row.doneAt !== null, row.failedAt !== null, row.payload])).toEqual([
      [true, false, null],
      [false, true, null],
    ]);
  });

  async function insertFinished() {
    const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY_MS);
    const row = (values: Partial<typeof jobs.$inferInsert>) => ({ kind: testJob.name, payload: null, ...values });
    await t.app.db
      .insert(jobs)
      .values([
        ...Array.from({ length: 2500 }, () => row({ doneAt: ago(8) })),
        row({ kind: 'done-6-days-ago', doneAt: ago(6) }),
        row({ kind: 'failed-31-days-ago', failedAt: ago(31) }),
        row({ kind: 'failed-29-days-ago', failedAt: ago(29) }),
        row({ kind: 'pending-since-60-days', payload: { n: 1 }, createdAt: ago(60), runAt: ago(60) }),
        row({ kind: 'running', payload: { n: 2 }, runAt: ago(40), lockedUntil: new Date(Date.now() + 60_000) }),
      ]);
  }

  const remainingKinds = async () =>
    (await t.app.db.select({ kind: jobs.kind }).from(jobs).orderBy(jobs.kind)).map((row) => row.kind);
  const KEPT = ['done-6-days-ago', 'failed-29-days-ago', 'pending-since-60-days', 'running'];

  it('are purged after 7 days (done) and 30 days (failed), in batches; unfinished ones stay', async () => {
    await insertFinished();
    expect(await queue().purge()).toBe(2501);
    expect(await remainingKinds()).toEqual(KEPT);
  });

  it('are purged by the polling queue itself', async () => {
    await insertFinished();
    const polling = queue();
    polling.start(20);
    let remaining = await remainingKinds();
    for (let tries = 0; tries < 500 && remaining.length > KEPT.length; tries++) {
      await sleep(20);
      remaining = await remainingKinds();
    }
    await polling.stop();
    expect(remaining).toEqual(KEPT);
  });
});

describe('a failed job in the log', () => {
  it("writes the error's message as words, whether an Error or a plain string was thrown", async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const logger = Fastify({ logger: loggerOptions('warn', stream) });
    const logged = new JobQueue(t.app.db, t.clock.now, logger.log, { leaseSeconds: LEASE_SECONDS, concurrency: 1 });
    const thrown: unknown[] = [new Error('push service unreachable (ECONNREFUSED)'), 'plain words thrown'];
    logged.register(testJob, async ({ n }) => {
      throw thrown[n];
    });
    for (const n of [0, 1]) {
      await logged.enqueue(t.app.db, testJob, { n });
      await logged.kick();
    }
    await logger.close();
    const failures = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'job failed, will retry');
    expect(failures.map((line) => line.err)).toEqual([
      expect.objectContaining({ type: 'Error', message: 'push service unreachable (ECONNREFUSED)' }),
      expect.objectContaining({ type: 'string', message: 'plain words thrown' }),
    ]);
  });
});
