import { connectDatabase } from './platform/db/connect';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { loadConfig } from './platform/settings/config';
import { SettingsError } from './platform/settings/settings';

/**
 * The server's entry. The database starts opening (for PGlite: loading, recovery, migrations)
 * before the rest of the server is loaded, so the two overlap; the build keeps the rest in its
 * own chunk, loaded by the dynamic import. bench/cold-start.bench.ts.
 */
async function main() {
  const config = loadConfig();
  const opening = connectDatabase(config).catch((error) => {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const { startServer } = await import('./app/start-server');
  await startServer(config, opening);
}

main().catch((error) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
