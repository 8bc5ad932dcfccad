import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { startDeviceHealthSweeper } from '../device-health/health-sweep';
import { probeDueRelays } from '../devices/relay-probe';
import { startAbandonedOpeningSweeper } from '../gates/abandoned-openings';
import { gateDependencies } from '../gates/gate-decision';
import { reassertAfterOutage, startHoldSweeper } from '../hold-open/hold-sweep';
import { ensureSuperadmin } from '../identity/bootstrap-superadmin';
import { startCallSweeper } from '../intercom/call-sweep';
import type { Database } from '../platform/db/connect';
import { startCounterSweeper } from '../platform/limits/counter-sweeper';
import type { AppConfig } from '../platform/settings/config';
import { buildApp } from './app';
import { holdRequestsUntilPrepared } from './hold-until-prepared';
import { scheduleGateLogUpkeep } from './retention-jobs';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * What a start does once listening; requests wait for it (none of it is needed by the probes).
 * Answers the functions that stop its sweeps (hooks cannot be added once listening).
 */
async function prepareAfterListening(app: FastifyInstance, config: AppConfig, database: Database) {
  // First: on the embedded database it takes every opening still in flight for a dead one, so no
  // press may begin before it.
  const stopSweeping = await startAbandonedOpeningSweeper({ db: app.db, now: config.now, log: app.log }, database.kind);
  await ensureSuperadmin(app);
  // The first upkeep runs now (after an upgrade it moves the old gate log's rows), then daily.
  await scheduleGateLogUpkeep(app.db, config.now());
  const stops = [
    stopSweeping,
    startCounterSweeper(app),
    startDeviceHealthSweeper(
      app,
      config.deviceHealthSweepMs,
      () => probeDueRelays(app),
      (deviceIds) => reassertAfterOutage(app, deviceIds),
    ),
    startHoldSweeper(gateDependencies(app)),
    startCallSweeper({ db: app.db, now: config.now, log: app.log }),
  ];
  app.jobs.start(config.jobPollMs);
  return stops;
}

/**
 * Everything after the database: the app, listening, then what may wait until the port is open
 * (decision 0073), and shutdown. Before `listen` runs only what a request cannot do without: the
 * database, migrated, and the routes. The rest runs right after, while every request but the
 * probes waits for it (hold-until-prepared.ts).
 */
export async function startServer(config: AppConfig, opening: Promise<Database>) {
  const database = await opening;
  const app = await buildApp(config, database);
  const held = holdRequestsUntilPrepared(app);
  const stopSweeps: (() => void)[] = [];
  app.addHook('onClose', async () => {
    for (const stop of stopSweeps) stop();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Gatehouse is listening on http://127.0.0.1:${port} (database: ${database.kind})`);

  // SIGTERM/SIGINT: stop accepting, let requests in flight (and the relay pulses they wait on)
  // finish, stop the job queue, close the database; a second signal or 10 s forces the exit.
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    else app.log.info({ signal }, 'stopping');
    await app.close();
    await database.close();
  });
  stopSweeps.push(...(await prepareAfterListening(app, config, database)));
  held.release();
}
