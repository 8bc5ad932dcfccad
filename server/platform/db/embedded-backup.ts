import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * One backup file of an embedded database: PGlite's compressed data-dir dump and the generated
 * master secret beside it (without it, stored PINs and relay credentials could not be read).
 * The file therefore holds a secret: keep it as safe as the data dir itself.
 */
interface BackupFile {
  format: 'gatehouse-embedded-backup-1';
  createdAt: string;
  /** DATA_DIR/secret.key as it was, or null when JWT_SECRET is set in the environment instead. */
  secretKey: string | null;
  /** base64 of PGlite's gzipped tar of pgdata. */
  pgdata: string;
}

const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
const secretFileOf = (dataDir: string) => path.join(dataDir, 'secret.key');

/** Writes a backup of DATA_DIR's embedded database to `file`; the server must be stopped (the lock says so). */
export async function backupEmbeddedDatabase(dataDir: string, file: string) {
  if (!fs.existsSync(pgdataOf(dataDir))) throw new Error(`There is no embedded database in ${path.resolve(dataDir)}.`);
  const release = acquireDataDirLock(dataDir);
  try {
    const database = await PGlite.create(pgdataOf(dataDir), { extensions: { pg_trgm } });
    const dump = await database.dumpDataDir('gzip');
    await database.close();
    const secret = secretFileOf(dataDir);
    const backup: BackupFile = {
      format: 'gatehouse-embedded-backup-1',
      createdAt: new Date().toISOString(),
      secretKey: fs.existsSync(secret) ? fs.readFileSync(secret, 'utf8').trim() : null,
      pgdata: Buffer.from(await dump.arrayBuffer()).toString('base64'),
    };
    fs.writeFileSync(file, JSON.stringify(backup), { mode: 0o600 });
  } finally {
    release();
  }
}

/** Restores `file` into DATA_DIR, which must not hold a database yet (never overwrites one). */
export async function restoreEmbeddedDatabase(dataDir: string, file: string) {
  const backup = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupFile;
  if (backup.format !== 'gatehouse-embedded-backup-1') throw new Error(`${file} is not a Gatehouse backup.`);
  if (fs.existsSync(pgdataOf(dataDir))) {
    throw new Error(`${path.resolve(dataDir)} already holds a database; restore into an empty DATA_DIR.`);
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const dump = new Blob([Buffer.from(backup.pgdata, 'base64')]);
    const database = await PGlite.create(pgdataOf(dataDir), { loadDataDir: dump, extensions: { pg_trgm } });
    await database.query('select 1');
    await database.close();
    if (backup.secretKey) fs.writeFileSync(secretFileOf(dataDir), backup.secretKey, { mode: 0o600 });
  } finally {
    release();
  }
}
