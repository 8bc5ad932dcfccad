import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from './db/connect';
import type { JobQueue } from './jobs/job-queue';
import type { AppConfig } from './settings/config';

/**
 * What the platform gives every domain: settings (with the clock and master secret), the
 * database, the log and the job queue. A function takes the few it uses, e.g.
 * `Pick<PlatformDeps, 'db' | 'config'>`; the app (whose decorations carry the same names) is
 * passed as is by routes and wiring, a narrow object by anything else.
 */
export interface PlatformDeps {
  config: AppConfig;
  db: Orm;
  log: FastifyBaseLogger;
  jobs: JobQueue;
}
