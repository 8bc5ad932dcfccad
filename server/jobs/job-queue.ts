import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm, Queryable } from '../db/connect';
import { jobs } from '../db/schema';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

const MAX_ATTEMPTS = 25;
const BATCH = 10;
const LEASE_SECONDS = 120;

/** Seconds to wait before the next try: 2, 4, 8 ... capped at 15 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** attempts, 900);
}

/**
 * Durable background work in the jobs table. Callers enqueue inside the transaction of the change
 * that causes the work, so it is never lost and never sent for a change that rolled back. Workers
 * claim due jobs with FOR UPDATE SKIP LOCKED, so several processes can share one database.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Orm,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  async enqueue(db: Queryable, kind: string, payload: Record<string, unknown>, runAt: Date = this.now()) {
    await db.insert(jobs).values({ kind, payload, runAt });
  }

  /** One multi-row insert for many jobs of a kind (a bulk upload's invitations). */
  async enqueueMany(db: Queryable, kind: string, payloads: Record<string, unknown>[], runAt: Date = this.now()) {
    if (payloads.length) await db.insert(jobs).values(payloads.map((payload) => ({ kind, payload, runAt })));
  }

  start(pollMs: number) {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, pollMs);
    };
    tick();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs due jobs now (after a commit that enqueued some), unless a run is already going. */
  kick(): Promise<number> {
    const run =
      this.running ??
      this.runDue()
        .catch((error) => {
          this.log.error({ err: error }, 'job queue run failed');
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    this.running = run;
    return run;
  }

  /** Processes every job due now, one batch after another; returns how many ran. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.claim();
      if (!batch.length) return total;
      for (const job of batch) await this.runOne(job);
      total += batch.length;
    }
  }

  private async claim() {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
    type Claimed = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };
    const result = await this.db.execute(sql`
      update jobs set attempts = attempts + 1, locked_until = ${leaseUntil.toISOString()}::timestamptz
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
        order by run_at limit ${BATCH} for update skip locked)
      returning id, kind, payload, attempts`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  private async runOne(job: { id: number; kind: string; payload: Record<string, unknown>; attempts: number }) {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { id: Number(job.id), attempts: job.attempts });
      await this.db.execute(
        sql`update jobs set done_at = ${this.now().toISOString()}::timestamptz, locked_until = null where id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(this.now().getTime() + backoffSeconds(job.attempts) * 1000);
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        giveUp ? 'job failed for good' : 'job failed, will retry',
      );
      await this.db.execute(sql`
        update jobs set last_error = ${message.slice(0, 2000)}, locked_until = null,
          run_at = ${retryAt.toISOString()}::timestamptz,
          failed_at = ${giveUp ? this.now().toISOString() : null}::timestamptz
        where id = ${job.id}`);
    }
  }
}
