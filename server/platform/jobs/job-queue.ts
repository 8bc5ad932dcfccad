import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Orm, Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import type { JobHandler, JobKind } from './job-kind';
import { type ClaimedJob, JobLease } from './job-lease';
import { purgeFinishedJobs } from './job-retention';
import { jobs } from './job-tables';

const MAX_ATTEMPTS = 25;
const PURGE_EVERY_MS = 10 * 60 * 1000;
// How long stopping waits for running jobs before aborting them, inside the shutdown's 10 s.
const STOP_GRACE_MS = 5_000;

/** Deletes rows past their retention (finished jobs, ended sessions); returns how many. */
export type Purge = (db: Orm, now: Date) => Promise<number>;

export interface JobQueueOptions {
  /** Seconds a claim lasts unless renewed; renewed every third of it while the job runs. */
  leaseSeconds: number;
  /** Jobs one process runs at once in each lane (the shared one and each kind's own, job-kind.ts). */
  concurrency: number;
}

/** Seconds to wait before the next try: 2, 4, 8 ... capped at 15 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** attempts, 900);
}

const SHARED_LANE = '';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Durable background work in the jobs table. Callers enqueue inside the transaction of the change
 * that causes the work, so it is never lost and never sent for a change that rolled back. Workers
 * claim one due job at a time (FOR UPDATE SKIP LOCKED) under a lease they renew while it runs, so
 * any number of processes share one database and a job runs on one of them at a time
 * (docs/decisions/0011-job-leases.md). Finished jobs lose their payload at once and their row
 * after a retention.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { kind: JobKind; handler: JobHandler<JobKind> }>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private closing = false;
  private active = 0;
  private readonly activeIn = new Map<string, number>();
  private kicks = 0;
  private idleWaiters: Array<() => void> = [];
  private lastPurgeAt = Number.NEGATIVE_INFINITY;
  private readonly leases = new Set<JobLease>();
  private readonly purges = new Map<string, Purge>([['finished jobs', purgeFinishedJobs]]);

  constructor(
    private readonly db: Orm,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {}

  /** Another table whose old rows the polling queue deletes along with finished jobs. */
  addPurge(what: string, purge: Purge) {
    this.purges.set(what, purge);
  }

  register<Kind extends JobKind>(kind: Kind, handler: JobHandler<Kind>) {
    this.handlers.set(kind.name, { kind, handler: handler as JobHandler<JobKind> });
  }

  enqueue<Kind extends JobKind>(db: Queryable, kind: Kind, payload: z.output<Kind['payload']>, runAt = this.now()) {
    return this.enqueueMany(db, kind, [payload], runAt);
  }

  /** One multi-row insert for many jobs of a kind (a bulk upload's invitations). */
  async enqueueMany<Kind extends JobKind>(
    db: Queryable,
    kind: Kind,
    payloads: z.output<Kind['payload']>[],
    runAt = this.now(),
  ) {
    if (!payloads.length) return;
    await db
      .insert(jobs)
      .values(payloads.map((payload) => ({ kind: kind.name, payload: kind.payload.parse(payload), runAt })));
  }

  /** Polls for due jobs (ones retried later, ones another process enqueued) and purges old ones. */
  start(pollMs: number) {
    this.polling = true;
    const tick = async () => {
      if (!this.polling) return;
      await this.kick();
      await this.purgeWhenDue();
      if (this.polling) this.timer = setTimeout(tick, pollMs);
    };
    void tick();
  }

  /**
   * Stops polling and claiming; lets the jobs running now finish for a few seconds, then aborts
   * them (their senders close the connection), so they are released for a retry now rather than
   * when their lease runs out.
   */
  async stop() {
    this.polling = false;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    let grace: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      grace = setTimeout(() => resolve(true), STOP_GRACE_MS);
    });
    if (await Promise.race([this.whenIdle().then(() => false), timedOut])) {
      for (const lease of this.leases) lease.abandon('the process is stopping');
    }
    clearTimeout(grace);
    await this.whenIdle();
  }

  /**
   * Runs due jobs now (after a commit that enqueued some). Resolves once no job is running and
   * none is due, so a test can await what its request enqueued.
   */
  kick(): Promise<void> {
    this.kicks++;
    for (const lane of this.lanes()) if (this.hasRoom(lane) && !this.closing) void this.work(lane);
    return this.whenIdle();
  }

  /** Deletes finished jobs (and the rows of every added purge) past their retention; returns how many. */
  async purge(): Promise<number> {
    this.lastPurgeAt = this.now().getTime();
    let total = 0;
    for (const [what, purge] of this.purges) {
      try {
        const purged = await purge(this.db, this.now());
        if (purged) this.log.info({ purged, what }, 'old rows purged');
        total += purged;
      } catch (error) {
        // One table's failure leaves the others to be purged.
        this.log.error({ err: error, what }, 'purge failed');
      }
    }
    return total;
  }

  private async purgeWhenDue() {
    if (this.now().getTime() - this.lastPurgeAt < PURGE_EVERY_MS) return;
    await this.purge();
  }

  private whenIdle(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The shared lane and every lane a registered kind names. */
  private lanes(): Set<string> {
    return new Set([SHARED_LANE, ...[...this.handlers.values()].map(({ kind }) => kind.lane ?? SHARED_LANE)]);
  }

  private hasRoom(lane: string) {
    return (this.activeIn.get(lane) ?? 0) < this.options.concurrency;
  }

  /** The kinds a lane's workers claim: its own kinds, or for the shared lane every kind but the other lanes'. */
  private kindsOf(lane: string) {
    const named = [...this.handlers.values()]
      .filter(({ kind }) => kind.lane !== undefined && (lane === SHARED_LANE || kind.lane === lane))
      .map(({ kind }) => kind.name);
    if (lane !== SHARED_LANE)
      return sql`and kind in (${sql.join(
        named.map((name) => sql`${name}`),
        sql`, `,
      )})`;
    return named.length
      ? sql`and kind not in (${sql.join(
          named.map((name) => sql`${name}`),
          sql`, `,
        )})`
      : sql``;
  }

  /** One worker of a lane: claims and runs jobs until none is due and no kick came in meanwhile. */
  private async work(lane: string) {
    this.active++;
    this.activeIn.set(lane, (this.activeIn.get(lane) ?? 0) + 1);
    try {
      while (!this.closing) {
        const kicksSeen = this.kicks;
        const claimed = await this.claim(lane);
        if (!claimed) {
          if (this.kicks === kicksSeen) return;
          continue;
        }
        // A backlog: let another worker take the next job while this one runs.
        if (this.hasRoom(lane)) void this.work(lane);
        await this.run(claimed.job, claimed.issuedAt);
      }
    } catch (error) {
      this.log.error({ err: error }, 'job worker stopped');
    } finally {
      this.active--;
      this.activeIn.set(lane, (this.activeIn.get(lane) ?? 1) - 1);
      if (this.active === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async claim(lane: string): Promise<{ job: ClaimedJob; issuedAt: number } | null> {
    const leaseToken = crypto.randomUUID();
    const issuedAt = performance.now();
    const result = await this.db.execute(sql`
      update jobs set attempts = attempts + 1, lease_token = ${leaseToken},
        locked_until = now() + ${this.options.leaseSeconds}::double precision * interval '1 second'
      where id = (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${this.now().toISOString()}::timestamptz
          and (locked_until is null or locked_until < now()) ${this.kindsOf(lane)}
        order by run_at limit 1 for update skip locked)
      returning id, kind, payload, attempts`);
    const [row] = rowsOf<Omit<ClaimedJob, 'leaseToken'>>(result);
    return row ? { job: { ...row, id: Number(row.id), leaseToken }, issuedAt } : null;
  }

  private async run(job: ClaimedJob, issuedAt: number) {
    const lease = new JobLease(this.db, job, this.options.leaseSeconds, issuedAt, this.log);
    this.leases.add(lease);
    let failure: unknown = null;
    try {
      const registered = this.handlers.get(job.kind);
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const payload = registered.kind.payload.parse(job.payload);
      await registered.handler(payload, { id: job.id, attempts: job.attempts, signal: lease.signal });
    } catch (error) {
      failure = error;
    }
    await lease.stop();
    this.leases.delete(lease);
    try {
      const finished = failure === null ? await this.markDone(job) : await this.markFailed(job, failure);
      if (!finished)
        this.log.warn({ jobId: job.id, kind: job.kind }, 'job lease was taken over; left to its new holder');
    } catch (error) {
      // The lease then runs out and another worker retries the job.
      this.log.error({ jobId: job.id, err: error }, 'could not record the job outcome');
    }
  }

  /** Done: the payload (references, sealed secrets) goes at once, the row after the retention. */
  private async markDone(job: ClaimedJob): Promise<boolean> {
    const result = await this.db.execute(sql`
      update jobs set done_at = ${this.now().toISOString()}::timestamptz, payload = null,
        locked_until = null, lease_token = null
      where id = ${job.id} and lease_token = ${job.leaseToken}
      returning id`);
    return rowsOf(result).length > 0;
  }

  private async markFailed(job: ClaimedJob, error: unknown): Promise<boolean> {
    const giveUp = job.attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(this.now().getTime() + backoffSeconds(job.attempts) * 1000);
    this.log.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
      giveUp ? 'job failed for good' : 'job failed, will retry',
    );
    const result = await this.db.execute(sql`
      update jobs set last_error = ${errorText(error)}, locked_until = null, lease_token = null,
        run_at = ${retryAt.toISOString()}::timestamptz,
        failed_at = ${giveUp ? this.now().toISOString() : null}::timestamptz,
        payload = case when ${giveUp}::boolean then null else payload end
      where id = ${job.id} and lease_token = ${job.leaseToken}
      returning id`);
    return rowsOf(result).length > 0;
  }
}
