import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/connect';
import { rowsOf } from '../db/rows';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  leaseToken: string;
}

/**
 * The claim a worker holds on one running job. The lease lives on the database clock (every
 * process compares against the same clock) and is renewed every third of its length. The worker
 * aborts the job itself once two thirds of a lease have passed since the last renewal it knows
 * took effect, or as soon as a renewal finds the job taken over: a second worker can only claim
 * the job after the lease ends, by which time this one has stopped.
 */
export class JobLease {
  private readonly controller = new AbortController();
  private readonly leaseMs: number;
  private renewTimer: NodeJS.Timeout | null = null;
  private deadlineTimer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private stopped = false;

  /** `claimIssuedAt`: performance.now() taken before the claim was sent to the database. */
  constructor(
    private readonly db: Orm,
    private readonly job: ClaimedJob,
    private readonly leaseSeconds: number,
    claimIssuedAt: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.leaseMs = leaseSeconds * 1000;
    this.holdUntil(claimIssuedAt);
    this.scheduleRenewal(claimIssuedAt);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops renewing; waits for a renewal already sent so none lands after the job is finished. */
  async stop() {
    this.stopped = true;
    if (this.renewTimer) clearTimeout(this.renewTimer);
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    await this.renewing;
  }

  /** Stops the job (the process is shutting down); it is then retried, here or elsewhere. */
  abandon(reason: string) {
    this.abort(reason);
  }

  private abort(reason: string) {
    if (this.controller.signal.aborted) return;
    this.log.warn({ jobId: this.job.id, kind: this.job.kind }, `job aborted: ${reason}`);
    this.controller.abort(new Error(`job aborted: ${reason}`));
  }

  /** The lease runs at least a full length from `issuedAt`; stop two thirds of the way. */
  private holdUntil(issuedAt: number) {
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    const remaining = issuedAt + (this.leaseMs * 2) / 3 - performance.now();
    this.deadlineTimer = setTimeout(() => this.abort('its lease could not be renewed in time'), remaining);
  }

  /** A third of a lease after the previous renewal was sent (at once if that one took longer). */
  private scheduleRenewal(previousIssuedAt: number) {
    if (this.stopped) return;
    const wait = Math.max(0, previousIssuedAt + this.leaseMs / 3 - performance.now());
    this.renewTimer = setTimeout(() => {
      const issuedAt = performance.now();
      this.renewing = this.renew(issuedAt).finally(() => {
        this.renewing = null;
        this.scheduleRenewal(issuedAt);
      });
    }, wait);
  }

  private async renew(issuedAt: number) {
    try {
      const result = await this.db.execute(sql`
        update jobs set locked_until = now() + ${this.leaseSeconds}::double precision * interval '1 second'
        where id = ${this.job.id} and lease_token = ${this.job.leaseToken} and done_at is null
        returning id`);
      if (this.stopped) return;
      if (rowsOf(result).length) this.holdUntil(issuedAt);
      else this.abort('another worker took it over');
    } catch (error) {
      this.log.warn({ jobId: this.job.id, err: error }, 'job lease renewal failed');
    }
  }
}
