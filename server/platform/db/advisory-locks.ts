/**
 * Keys of the PostgreSQL advisory locks Gatehouse takes, one per thing only one process may do at
 * a time. Fixed numbers, so every process (and every version) agrees on them.
 */
export const ADVISORY_LOCKS = {
  /** Held for the whole migration run at start (a session lock on its own connection). */
  migrations: 4_702_001,
  /** Held while checking for and creating the first super administrator (a transaction lock). */
  superadminBootstrap: 4_702_002,
  /** Held while checking for and queueing the next gate log upkeep (a transaction lock). */
  gateLogUpkeepSchedule: 4_702_004,
} as const;
