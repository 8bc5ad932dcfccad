import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@core': fileURLToPath(new URL('./core', import.meta.url)) };
/**
 * Suites that run once, on PostgreSQL, when it is there (decisions 0061 and 0062); without
 * DATABASE_URL they run on PGlite, so a newcomer without PostgreSQL still runs them:
 * - the generated guard rails: every route, as every identity, with every broken input, under every
 *   limit, checked at the HTTP layer. Their SQL is the app's, which the feature suites run on both.
 * - bursts fired at once: PGlite has one connection, on which a burst is a sequence, and the
 *   sequences are the feature suites'.
 * - the parts beside the database: the relays' wire protocols, the API document, the metrics.
 */
const ONCE_ON_POSTGRES = [
  'test/guard-rails/**',
  'server/reader/keypad-bursts.test.ts',
  'server/gates/relay-drivers.test.ts',
  'server/gates/mqtt-relay-drivers.test.ts',
  'server/platform/http/api-docs.test.ts',
  'server/platform/metrics/metrics.test.ts',
];
/** The embedded database's own suites: its data dir, lock, backup and restore, whichever project runs. */
const EMBEDDED_ONLY = [
  'tools/backup.test.ts',
  'server/platform/db/connect-pglite.test.ts',
  'server/platform/db/data-dir-lock.test.ts',
];
const apiProject = (name: string, dbKind: string, skip: string[] = []) => ({
  resolve: { alias },
  test: {
    name,
    include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    exclude: ['test/faults/**', ...skip],
    environment: 'node',
    env: { DB_KIND: dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app and database, and nothing here mocks a module: a worker keeps the
    // modules it has loaded, where importing the app anew for every file took 722 s of a CI run.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, which leaves the CPU idle while a test waits on
    // PostgreSQL, a relay or a timer; three keep both cores busy (decision 0058).
    maxWorkers: 3,
    projects: [
      { resolve: { alias }, test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      { resolve: { alias }, test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      apiProject('api-pglite', 'pglite', process.env.DATABASE_URL ? ONCE_ON_POSTGRES : []),
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'postgres', EMBEDDED_ONLY)] : []),
      // Real Gatehouse processes on one PostgreSQL database, killed and starved on purpose.
      ...(process.env.DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'faults',
                include: ['test/faults/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 120_000,
                // Side by side (each file starts its own processes on its own databases): the files
                // mostly wait on kills, stalls and restarts, and one at a time left a core idle (0062).
                // After every other project, so killed and starved processes never share the CPU with them.
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
