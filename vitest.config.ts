import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@core': fileURLToPath(new URL('./core', import.meta.url)) };
/**
 * The generated route suites: every route, as every identity and with every broken input, checked
 * at the HTTP layer. Their SQL is the app's, which every other suite runs on both databases; with
 * PostgreSQL present they run there only, where they took a quarter of PGlite's time (decision 0061).
 */
const ROUTE_SUITES = ['test/guard-rails/authorization-matrix.test.ts', 'test/guard-rails/bad-input.test.ts'];
/** The embedded database's backup and restore: the same test whichever database the project names. */
const EMBEDDED_ONLY = ['tools/backup.test.ts'];
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
      apiProject('api-pglite', 'pglite', process.env.DATABASE_URL ? ROUTE_SUITES : []),
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
                fileParallelism: false,
                // After every other project, so killed and starved processes never share the CPU with them.
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
