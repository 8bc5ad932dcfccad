// Cold start of the compiled server (`node --enable-source-maps dist/server/main.mjs`, what `npm start` runs once built)
// on an existing embedded database, until GET /readyz answers 200. `npx tsx bench/cold-start.bench.ts`
// (builds first when dist/server is missing). BENCH_RUNS=5.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/gatehouse-process';
import { writeResult } from './dashboard-bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (child.exitCode !== null) throw new Error('the server exited');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  if (!fs.existsSync('dist/server/main.mjs'))
    spawnSync(process.execPath, ['tools/build-server.mjs'], { stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-cold-'));
  try {
    const first = await startOnce(dataDir); // creates and migrates the database
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await startOnce(dataDir));
    times.sort((a, b) => a - b);
    const results = {
      measuredAt: new Date().toISOString(),
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      firstStartOnEmptyDataDirMs: Math.round(first),
      coldStartToReadyMs: { median: Math.round(times[Math.floor(times.length / 2)]), worst: Math.round(times.at(-1)!) },
      runs: RUNS,
    };
    console.log(results);
    writeResult('cold-start.json', results);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
