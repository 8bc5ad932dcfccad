import crypto from 'node:crypto';
import type { Orm } from '../db/connect';
import { insertRelayLogRows, type RelayLogEntry } from '../relay-logs/relay-log-writer';

interface Pending {
  id: string;
  entry: RelayLogEntry;
  done: (error?: unknown) => void;
}

interface Batcher {
  queue: Pending[];
  flushing: boolean;
}

// Per database, not per Fastify instance: every route plugin's rows share one batch.
const batchers = new WeakMap<object, Batcher>();
const MAX_BATCH = 200;

/**
 * Writes a relay log row and resolves once it is committed, like writeRelayLog, but rows that
 * arrive while a commit is in flight share the next one: under many simultaneous gate openings
 * the cost of a commit (a disk flush) is paid once per batch instead of once per row.
 */
export function commitRelayLog(db: Orm, entry: RelayLogEntry): Promise<string> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], flushing: false };
    batchers.set(db, batcher);
  }
  const id = crypto.randomUUID();
  const committed = new Promise<string>((resolve, reject) => {
    batcher.queue.push({ id, entry, done: (error) => (error ? reject(error) : resolve(id)) });
  });
  if (!batcher.flushing) void flush(db, batcher);
  return committed;
}

async function flush(db: Orm, batcher: Batcher) {
  batcher.flushing = true;
  while (batcher.queue.length) {
    const batch = batcher.queue.splice(0, MAX_BATCH);
    try {
      await insertRelayLogRows(db, batch);
      for (const pending of batch) pending.done();
    } catch (error) {
      for (const pending of batch) pending.done(error);
    }
  }
  batcher.flushing = false;
}
