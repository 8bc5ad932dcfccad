import closeWithGrace from 'close-with-grace';
import { startDeviceHealthSweeper } from '../device-health/health-sweep';
import { probeDueRelays } from '../devices/relay-probe';
import { startAbandonedOpeningSweeper } from '../gates/abandoned-openings';
import { gateDependencies } from '../gates/gate-decision';
import { reassertAfterOutage, startHoldSweeper } from '../hold-open/hold-sweep';
import { ensureSuperadmin } from '../people/bootstrap-superadmin';
import type { Database } from '../platform/db/connect';
import { startCounterSweeper } from '../platform/limits/counter-sweeper';
import type { AppConfig } from '../platform/settings/config';
import { scheduleGateLogUpkeep } from '../retention/retention-jobs';
import { buildApp } from './app';

const SHUTDOWN_GRACE_MS = 10_000;

/** Everything after the database: the app, its sweepers and jobs, listening, and shutdown. */
export async function startServer(config: AppConfig, opening: Promise<Database>) {
  const database = await opening;
  const app = await buildApp(config, database);
  const stopSweepers = [
    startCounterSweeper(app),
    startDeviceHealthSweeper(
      app,
      config.deviceHealthSweepMs,
      () => probeDueRelays(app),
      (deviceIds) => reassertAfterOutage(app, deviceIds),
    ),
    startHoldSweeper(gateDependencies(app)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopSweepers) stop();
  });
  // Before listening: on the embedded database it takes every opening still in flight for a dead one.
  const stopSweeping = await startAbandonedOpeningSweeper({ db: app.db, now: config.now, log: app.log }, database.kind);
  app.addHook('onClose', async () => stopSweeping());
  await ensureSuperadmin(app);
  // The first upkeep runs now (after an upgrade it moves the old gate log's rows), then daily.
  await scheduleGateLogUpkeep(app.db, config.now());
  await app.listen({ port: config.port, host: config.host });
  app.jobs.start(config.jobPollMs);
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
}
