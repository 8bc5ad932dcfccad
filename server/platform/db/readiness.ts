import { SERVER_MESSAGES } from '../errors/server-messages';
import type { Orm } from './connect';
import { newestAppliedMigration, newestMigrationMillis } from './migration-files';

export type Readiness = { ready: true } | { ready: false; reason: string };

async function checkDatabase(db: Orm): Promise<Readiness> {
  try {
    if ((await newestAppliedMigration(db)) < newestMigrationMillis()) {
      return { ready: false, reason: 'The database is missing migrations this version of Gatehouse needs.' };
    }
    return { ready: true };
  } catch {
    return { ready: false, reason: SERVER_MESSAGES.databaseUnavailable };
  }
}

/**
 * "Does the database answer, with every migration applied?" answered within `deadlineMs` even
 * when the database hangs. Callers arriving while a check is under way share it, so probes
 * hammering the endpoint during an outage do not pile up stalled queries on the pool.
 */
export function readinessCheck(db: Orm, deadlineMs: number): () => Promise<Readiness> {
  let inFlight: Promise<Readiness> | null = null;
  return async () => {
    inFlight ??= checkDatabase(db).finally(() => {
      inFlight = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, reason: `The database did not answer within ${deadlineMs} ms.` }),
        deadlineMs,
      );
    });
    try {
      return await Promise.race([inFlight, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
