// `npm test`: unit and API suites (API on PGlite, and on PostgreSQL when DATABASE_URL is set),
// then the end-to-end suite in Chromium.
import { spawnSync } from 'node:child_process';

function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('node', ['tools/check-chromium.mjs']);
run('npx', ['vitest', 'run']);
run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['playwright', 'test']);
