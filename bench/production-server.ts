import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { type ProcessOptions, spawnGatehouse } from '../test/support/gatehouse-process';

const BUILD_DIR = path.join('dist', 'bench-server');
let built = false;

/** Builds the server as `npm run build` does, once per benchmark run, into a directory of its own. */
function compiledEntry(): string {
  if (!built) {
    const build = spawnSync(process.execPath, ['tools/build-server.mjs', BUILD_DIR], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the server build failed');
    built = true;
  }
  return path.join(BUILD_DIR, 'main.mjs');
}

/**
 * Gatehouse as production runs it: the compiled server with the default job polling and relay
 * health sweep (the test processes poll several times faster, which a benchmark would pay for).
 */
export function spawnProductionGatehouse(options: ProcessOptions = {}) {
  return spawnGatehouse({
    ...options,
    compiledEntry: compiledEntry(),
    env: { JOB_POLL_MS: '1000', DEVICE_HEALTH_SWEEP_MS: '15000', LOG_LEVEL: 'error', ...options.env },
  });
}
