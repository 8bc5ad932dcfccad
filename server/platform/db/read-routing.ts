import { sql } from 'drizzle-orm';
import type { Orm } from './connect';
import { isConnectionFailure } from './database-unavailable';
import { rowsOf } from './rows';

export interface ReplicaOptions {
  /** Behind by more than this, the replica is not read (the primary is). */
  maxLagMs: number;
  /** After a failure, the replica is left alone this long before it is tried again. */
  restMs: number;
  /** How long a lag reading is believed. */
  lagReadEveryMs: number;
  now: () => Date;
}

export const REPLICA_DEFAULTS = { maxLagMs: 5_000, restMs: 10_000, lagReadEveryMs: 1_000 } as const;

/**
 * Where heavy reads go (docs/decisions/0045): a streaming replica when one is configured, up and
 * caught up, else the primary. Everything that decides or writes uses the primary (app.db); only
 * reads a person can bear to see a moment old come here (gate log pages and exports, dashboard
 * lists, the bell), and a caller who just changed something reads the primary (fresh-reads.ts).
 */
export class ReadRouting {
  private restUntil = 0;
  private lag: { ms: number; readAt: number } | null = null;
  private lagReading: Promise<void> | null = null;

  constructor(
    readonly primary: Orm,
    private readonly replica: { orm: Orm; close(): Promise<void> } | null,
    private readonly options: ReplicaOptions,
  ) {}

  /** Runs a read on the replica when it may serve it, and on the primary otherwise or when it fails. */
  async read<T>(query: (db: Orm) => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
    const replica = options.fresh ? null : await this.usableReplica();
    if (!replica) return query(this.primary);
    try {
      return await query(replica);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      this.restUntil = this.nowMs() + this.options.restMs;
      return query(this.primary);
    }
  }

  /** The database a long read (a stream) should use from its start: the replica when it may serve. */
  async database(options: { fresh?: boolean } = {}): Promise<Orm> {
    return (options.fresh ? null : await this.usableReplica()) ?? this.primary;
  }

  /** Which database the next read would use, for tests and the metrics: 'replica' or 'primary'. */
  async target(options: { fresh?: boolean } = {}): Promise<'replica' | 'primary'> {
    return !options.fresh && (await this.usableReplica()) ? 'replica' : 'primary';
  }

  close() {
    return this.replica?.close() ?? Promise.resolve();
  }

  private nowMs() {
    return this.options.now().getTime();
  }

  private async usableReplica(): Promise<Orm | null> {
    if (!this.replica || this.nowMs() < this.restUntil) return null;
    if (!this.lag || this.nowMs() - this.lag.readAt >= this.options.lagReadEveryMs) {
      this.lagReading ??= this.readLag().finally(() => {
        this.lagReading = null;
      });
      await this.lagReading;
    }
    if (!this.lag || this.nowMs() < this.restUntil) return null;
    return this.lag.ms <= this.options.maxLagMs ? this.replica.orm : null;
  }

  /**
   * How far behind the replica is: nothing when it has replayed all it received, else the age of
   * the last transaction it replayed. One short query, at most once a lagReadEveryMs.
   */
  private async readLag() {
    if (!this.replica) return;
    try {
      const [row] = rowsOf<{ lag_ms: number | string; replica: boolean }>(
        await this.replica.orm.execute(
          sql`select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
            else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end as lag_ms,
            pg_is_in_recovery() as replica`,
        ),
      );
      // A server that is not in recovery was promoted or misconfigured: read the primary instead.
      const ms = row.replica ? Number(row.lag_ms) : Number.POSITIVE_INFINITY;
      this.lag = { ms, readAt: this.nowMs() };
    } catch {
      this.lag = null;
      this.restUntil = this.nowMs() + this.options.restMs;
    }
  }
}
