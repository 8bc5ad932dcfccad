import fs from 'node:fs';
import path from 'node:path';
import { lockHolderRuns, lockHolderStamp } from './lock-holder';

export class DataDirLockedError extends Error {}

/**
 * Only one process may own an embedded database. Takes DATA_DIR/gatehouse.lock (holding our pid
 * and start time); a lock left by a process that no longer runs is taken over. Returns the
 * release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'gatehouse.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, lockHolderStamp(), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockHolderRuns(fs.readFileSync(lockPath, 'utf8'));
      if (owner.pid !== process.pid && owner.runs) {
        throw new DataDirLockedError(
          `Another Gatehouse process (pid ${owner.pid}) is already using the embedded database in ${path.resolve(dataDir)}. ` +
            'Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL).',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}
