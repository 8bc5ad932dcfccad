import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SQL migrations: server/db/migrations, or beside the compiled server (tools/build-server.mjs). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

let newest: number | undefined;

/** The newest migration this build ships, as drizzle records it once applied (its journal time). */
export function newestMigrationMillis(): number {
  if (newest === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newest;
}
