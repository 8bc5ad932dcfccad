// `npm run audit:verify`: walks each property's activity chain in the database `npm start` uses
// (DATA_DIR or DATABASE_URL) and names the first broken link of each. Exit code 1 when one is broken.

import { verifyActivityChains } from '../server/activity/activity-verify';
import { connectDatabase } from '../server/platform/db/connect';
import { loadConfig } from '../server/platform/settings/config';

async function main() {
  const database = await connectDatabase(loadConfig());
  try {
    const { chains, broken } = await verifyActivityChains(database.orm);
    for (const link of broken) {
      const property = link.propertyId ?? '(no property)';
      console.log(`Broken: property ${property}, entry ${link.entryId} (#${link.seq}): ${link.problem}`);
    }
    console.log(broken.length ? `${broken.length} of ${chains} chains broken.` : `All ${chains} activity chains hold.`);
    process.exitCode = broken.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

await main();
