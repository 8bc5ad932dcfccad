// `npm run audit:verify`: walks each property's activity chain in the database `npm start` uses
// (DATA_DIR or DATABASE_URL) and names the first broken link of each, checking the chains' ends and
// erasures' marks with the master secret (JWT_SECRET or DATA_DIR/secret.key, docs/decisions/0069).
// Exit code 1 when one is broken.

import { auditReport } from '../server/activity/audit-report';
import { connectDatabase } from '../server/platform/db/connect';
import { loadConfig } from '../server/platform/settings/config';

async function main() {
  const config = loadConfig();
  const database = await connectDatabase(config);
  try {
    const { lines, ok } = await auditReport(database.orm, config.secret);
    for (const line of lines) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
