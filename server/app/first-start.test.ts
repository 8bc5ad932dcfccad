import { describe, expect, it } from 'vitest';
import { freshPostgresDatabase, spawnGatehouse, TEST_SUPERADMIN } from '../../test/support/gatehouse-process';
import { signInTo } from '../../test/support/process-api';
import { FIRST_PREPARATION_MESSAGE } from '../platform/db/first-preparation';

const LISTENING = 'Gatehouse is listening';

describe('the first start on an empty database (issue 41.2)', () => {
  it('says it is preparing the database before it listens, and a later start does not', {
    timeout: 240_000,
  }, async () => {
    const database = process.env.DB_KIND === 'postgres' ? await freshPostgresDatabase() : undefined;
    const first = await spawnGatehouse({ databaseUrl: database?.url });
    let again: Awaited<ReturnType<typeof spawnGatehouse>> | undefined;
    try {
      const printed = first.output();
      expect(printed).toContain(FIRST_PREPARATION_MESSAGE);
      expect(printed.indexOf(FIRST_PREPARATION_MESSAGE)).toBeLessThan(printed.indexOf(LISTENING));
      // The super administrator is created after listening; a sign-in at once waits for it.
      expect(await signInTo(first.baseURL, TEST_SUPERADMIN, 'superadmin')).toEqual(expect.any(String));
      await first.stop();

      again = await spawnGatehouse({ databaseUrl: database?.url, dataDir: first.dataDir });
      expect(again.output()).toContain(LISTENING);
      expect(again.output()).not.toContain(FIRST_PREPARATION_MESSAGE);
    } finally {
      await first.stop('SIGKILL');
      await again?.stop('SIGKILL');
      await database?.drop();
    }
  });
});
