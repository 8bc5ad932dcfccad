import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { anchorUnsignedChains } from '../activity/activity-anchor';
import { relinkLegacyChains } from '../activity/activity-relink';
import { removeOldActivity } from '../activity/activity-retention';
import { recordSystemActivity } from '../activity/record-activity';
import { createMonthsAhead } from '../gate-log/gate-log-partitions';
import { removeOldGateEvents } from '../gate-log/gate-log-retention';
import { keyGateLogSubjects } from '../gate-log/gate-log-subject-upgrade';
import { moveOldLogRows } from '../gate-log/gate-log-upgrade';
import { forgetOldCallPhotos } from '../intercom/call-photo-store';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import type { Orm } from '../platform/db/connect';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';

/** Once a day: the gate log's months ahead, the upgrades of the log and the trail, and retention. */
export const gateLogUpkeepJob = jobKind('gate-log-upkeep', z.strictObject({}));
const DAY_MS = 24 * 3600 * 1000;

export interface UpkeepReport {
  monthsMade: string[];
  rowsMoved: number;
  /** Events given their subject by the upgrade of migration 0038 (docs/decisions/0059). */
  eventsKeyed: number;
  monthsDropped: string[];
  gateEventsRemoved: number;
  activityRemoved: number;
  /** Trail entries of before migration 0036 linked again over their words' digests (once). */
  activityRelinked: number;
  /** Intercom call stills past their property's "Keep call photos for N days". */
  callPhotosRemoved: number;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * One upkeep run at `now`. Each property whose old records went gets one trail entry (actor
 * "system") with how many; a property with nothing past its retention gets none.
 */
export async function runGateLogUpkeep(
  db: Orm,
  secret: Buffer,
  now: Date,
  options: { signal?: AbortSignal; batch?: number } = {},
): Promise<UpkeepReport> {
  const monthsMade = await createMonthsAhead(db, now);
  const upgrade = await moveOldLogRows(db, options);
  const keying = await keyGateLogSubjects(db, options);
  const relink = await relinkLegacyChains(db, secret);
  await anchorUnsignedChains(db, secret);
  const gate = await removeOldGateEvents(db, now, options);
  const trail = await removeOldActivity(db, secret, now);
  const callPhotosRemoved = await forgetOldCallPhotos(db, now);
  const propertyKeys = new Set([...gate.removed.keys(), ...trail.keys()]);
  for (const key of propertyKeys) {
    const gateEvents = gate.removed.get(key) ?? 0;
    const entries = trail.get(key) ?? 0;
    await db.transaction((tx) =>
      recordSystemActivity(tx, secret, now, {
        action: 'property.retention',
        summary: `Removed ${plural(gateEvents, 'gate event', 'gate events')} and ${plural(entries, 'activity entry', 'activity entries')} past their retention`,
        object: { kind: 'property', id: key || null, propertyId: key || null },
        changes: {
          gateEventsRemoved: { before: null, after: gateEvents },
          activityEntriesRemoved: { before: null, after: entries },
        },
      }),
    );
  }
  const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    monthsMade,
    rowsMoved: upgrade.moved,
    eventsKeyed: keying.keyed,
    monthsDropped: gate.droppedMonths,
    gateEventsRemoved: sum(gate.removed),
    activityRemoved: sum(trail),
    activityRelinked: relink.entries,
    callPhotosRemoved,
  };
}

/**
 * Queues the next upkeep at `runAt` unless one is already waiting (other than `running`), under a
 * lock so processes starting together queue one.
 */
export async function scheduleGateLogUpkeep(db: Orm, runAt: Date, running?: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.gateLogUpkeepSchedule})`);
    await tx.execute(sql`
      insert into jobs (kind, payload, run_at)
      select ${gateLogUpkeepJob.name}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
      where not exists (
        select 1 from jobs where kind = ${gateLogUpkeepJob.name} and done_at is null and failed_at is null
          and id <> ${running ?? 0})`);
  });
}

export function registerGateLogUpkeepJob(
  queue: JobQueue,
  deps: { db: Orm; secret: Buffer; now: () => Date; log: FastifyBaseLogger },
) {
  queue.register(gateLogUpkeepJob, async (_payload, running) => {
    const now = deps.now();
    const report = await runGateLogUpkeep(deps.db, deps.secret, now, { signal: running.signal });
    deps.log.info(report, 'gate log upkeep');
    await scheduleGateLogUpkeep(deps.db, new Date(now.getTime() + DAY_MS), running.id);
  });
}
