// `npm run backup -- FILE` / `npm run restore -- FILE`: the embedded database of DATA_DIR (default
// ./data) to one file and back. Stop Gatehouse first. On PostgreSQL use pg_dump / pg_restore.
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../server/platform/db/embedded-backup';

const [mode, file] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR ?? './data';
if ((mode !== 'backup' && mode !== 'restore') || !file) {
  console.error('usage: npm run backup -- FILE   |   npm run restore -- FILE   (DATA_DIR selects the data dir)');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README), not with this tool.');
  process.exit(2);
}
try {
  if (mode === 'backup') await backupEmbeddedDatabase(dataDir, file);
  else await restoreEmbeddedDatabase(dataDir, file);
  console.log(mode === 'backup' ? `Backed up ${dataDir} to ${file}` : `Restored ${file} into ${dataDir}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
