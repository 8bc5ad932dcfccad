// A process that takes DATA_DIR's lock as the server does and keeps it until killed:
// `node --import tsx test/support/hold-data-dir-lock.ts <dir>` prints "locked" once it holds it.
import { acquireDataDirLock } from '../../server/platform/db/data-dir-lock';

acquireDataDirLock(process.argv[2]);
console.log('locked');
setInterval(() => undefined, 60_000);
