import { buildApp } from './app';
import { ensureSuperadmin } from './auth/bootstrap-superadmin';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  const database = await connectDatabase(config).catch((error) => {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const app = await buildApp(config, database);
  await ensureSuperadmin(app);
  await app.listen({ port: config.port, host: config.host });
  app.jobs.start(config.jobPollMs);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Gatehouse is listening on http://127.0.0.1:${port} (database: ${database.kind})`);

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
