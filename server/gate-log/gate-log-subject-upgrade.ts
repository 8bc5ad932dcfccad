/**
 * The upgrade to a gate log searched through its subjects (migration 0038, docs/decisions/0059) on a
 * log that already had rows: the migration declared the new indexes on the parent only, and this
 * upkeep step finishes it without blocking gate writes. Month by month, newest first: the rows get
 * their subject key in short batches, then the month's indexes are built concurrently and attached.
 * Once every month has them, the old indexes go, and with them the old search.
 */
import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { withShortLockWait } from './gate-log-partitions';
import { recordSubjects, SUBJECT_KEY, subjectsReady } from './gate-log-subjects';
import { oldLogRemains } from './gate-log-upgrade';

/** Rows keyed per transaction: short, like the move's batches (bench/gate-log-partitions.bench.ts). */
export const KEYING_BATCH = 5000;

/** The indexes migration 0038 declares on the log, with the name ending of a month's own copy. */
const NEW_INDEXES = [
  { name: 'relay_logs_subject_time_idx', suffix: 'subject_time_idx' },
  { name: 'relay_logs_time_covering_idx', suffix: 'time_covering_idx' },
  { name: 'relay_logs_property_time_covering_idx', suffix: 'property_time_covering_idx' },
] as const;
/** The indexes the subjects replace: the events' trigram index and the time indexes that carried the text. */
const OLD_INDEXES = ['relay_logs_search_trgm_idx', 'relay_logs_time_idx', 'relay_logs_property_time_idx'];

export interface SubjectKeying {
  keyed: number;
  /** Every event has its subject and the old indexes are gone. */
  finished: boolean;
}

/**
 * The log's tables (months and default), newest first. Whether a table still needs work is read
 * from its rows and indexes, not from the index alone: a month the move of 0033 made after this
 * migration got the new indexes when it was attached, and its rows (moved in later) no key.
 */
async function logTables(db: Orm): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'relay_logs'::regclass order by c.relname desc`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

async function hasUnkeyedRows(db: Orm, table: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${sql.identifier(table)} where subject_key is null) as unkeyed`,
  );
  return Boolean(rowsOf<{ unkeyed: boolean }>(result)[0]?.unkeyed);
}

/**
 * Gives the rows of `table` without a subject key theirs (and records their subjects), newest
 * first, one transaction per batch; answers how many. The batch ends on a whole instant, so rows
 * sharing the edge's time are never split between two batches and skipped.
 */
async function keyRows(
  db: Orm,
  table: string,
  batch: number,
  options: { signal?: AbortSignal; notBefore?: Date } = {},
): Promise<number> {
  let below = 'infinity';
  const notBefore = (options.notBefore ?? new Date(0)).toISOString();
  let keyed = 0;
  for (;;) {
    if (options.signal?.aborted) return keyed;
    const result = await db.execute(sql`
      with edge as (
        select min(ts) as ts from (
          select "timestamp" as ts from ${sql.identifier(table)}
          where "timestamp" < ${below}::timestamptz and "timestamp" >= ${notBefore}::timestamptz
          order by "timestamp" desc limit ${batch}
        ) newest
      ), keyed as (
        update ${sql.identifier(table)} set subject_key = ${SUBJECT_KEY}
        where "timestamp" >= (select ts from edge) and "timestamp" < ${below}::timestamptz and subject_key is null
        returning "timestamp", search_text
      ), subjects as (${recordSubjects(sql`keyed`)})
      select (select ts from edge)::text as edge, (select count(*) from keyed)::int as n`);
    const [row] = rowsOf<{ edge: string | null; n: number }>(result);
    if (!row?.edge) return keyed;
    keyed += Number(row.n);
    below = row.edge;
  }
}

/**
 * How an index on the log is built (`USING btree (...) INCLUDE (...)`), read from the migration's
 * declaration so that a month's copy is the same and can be attached to it.
 */
async function indexMethod(db: Orm, name: string): Promise<string> {
  const result = await db.execute(sql`select pg_get_indexdef(to_regclass(${name})) as definition`);
  const definition = rowsOf<{ definition: string | null }>(result)[0]?.definition ?? '';
  const using = definition.indexOf(' USING ');
  if (using < 0) throw new Error(`The gate log has no index ${name}; migration 0038 declares it.`);
  return definition.slice(using + 1);
}

/** Builds `table`'s copy of each new index it lacks without blocking writes, and attaches it. */
async function indexTable(db: Orm, table: string) {
  for (const index of NEW_INDEXES) {
    // A month attached after migration 0038 got its copy then, under a name of PostgreSQL's making.
    const attached = await db.execute(sql`
      select exists (
        select 1 from pg_inherits i join pg_index x on x.indexrelid = i.inhrelid
        where i.inhparent = to_regclass(${index.name}) and x.indrelid = to_regclass(${table})
      ) as attached`);
    if (rowsOf<{ attached: boolean }>(attached)[0]?.attached) continue;
    const own = `${table}_${index.suffix}`;
    const existing = await db.execute(
      sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(${own})`,
    );
    const [state] = rowsOf<{ valid: boolean }>(existing);
    // A build that failed half-way leaves an invalid index behind; it is built again.
    if (state && !state.valid) await db.execute(sql.raw(`drop index concurrently "${own}"`));
    if (!state?.valid)
      await db.execute(
        sql.raw(`create index concurrently "${own}" on "${table}" ${await indexMethod(db, index.name)}`),
      );
    await db.execute(sql.raw(`alter index "${index.name}" attach partition "${own}"`));
  }
}

/**
 * One step of the upgrade, run by the upkeep after the move of migration 0033 (whose rows arrive
 * without a key) is done. Stops early when `signal` aborts; the next run carries on.
 */
export async function keyGateLogSubjects(
  db: Orm,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<SubjectKeying> {
  const batch = options.batch ?? KEYING_BATCH;
  if (await subjectsReady(db)) return { keyed: 0, finished: true };
  if (await oldLogRemains(db)) return { keyed: 0, finished: false };
  let keyed = 0;
  for (const table of await logTables(db)) {
    if (await hasUnkeyedRows(db, table)) keyed += await keyRows(db, table, batch, options);
    if (options.signal?.aborted) return { keyed, finished: false };
    await indexTable(db, table);
  }
  // Rows a process still running the old build wrote meanwhile, into months already keyed: written
  // at the time, so in this month or the last.
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  keyed += await keyRows(db, 'relay_logs', batch, { ...options, notBefore: lastMonth });
  if (options.signal?.aborted) return { keyed, finished: false };
  const dropped = await withShortLockWait(db, async (tx) => {
    for (const name of OLD_INDEXES) await tx.execute(sql.raw(`drop index if exists "${name}"`));
    return true;
  });
  return { keyed, finished: dropped === true };
}
