// Start of the compiled server (`node --enable-source-maps dist/server/main.mjs`, what `npm start` runs once
// built) until GET /readyz answers 200, and until the first API answer (requests wait for the work a start does
// after listening, decision 0073): the first start on an empty data dir, then warm starts on it.
// `npx tsx bench/cold-start.bench.ts` (builds first when dist/server is missing). BENCH_RUNS=5.
// BENCH_BASELINE=<another checkout, built> measures it too, alternating start by start with this one, so both
// meet the same load on a shared machine; the file then holds both.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/gatehouse-process';
import { writeResult } from './dashboard-bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE;

interface StartTimes {
  readyMs: number;
  firstApiAnswerMs: number;
}

async function answered(url: string) {
  return fetch(url).then(
    (answer) => answer.status < 500,
    () => false,
  );
}

async function startOnce(checkout: string, dataDir: string): Promise<StartTimes> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
    cwd: checkout,
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
    const until = async (url: string) => {
      for (;;) {
        if (await answered(url)) return performance.now() - started;
        if (child.exitCode !== null) throw new Error('the server exited');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const readyMs = await until(`${base}/readyz`);
    // Unsigned, so answered 401, but only once the start's preparations are done.
    const firstApiAnswerMs = await until(`${base}/api/property/list-user-properties`);
    return { readyMs, firstApiAnswerMs };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
const worst = (values: number[]) => Math.round(Math.max(...values));

function summary(firsts: StartTimes[], warms: StartTimes[]) {
  const of = (times: StartTimes[], key: keyof StartTimes) => times.map((time) => time[key]);
  return {
    firstStartOnEmptyDataDirMs: { median: median(of(firsts, 'readyMs')), worst: worst(of(firsts, 'readyMs')) },
    firstStartFirstApiAnswerMs: { median: median(of(firsts, 'firstApiAnswerMs')) },
    coldStartToReadyMs: { median: median(of(warms, 'readyMs')), worst: worst(of(warms, 'readyMs')) },
    coldStartFirstApiAnswerMs: { median: median(of(warms, 'firstApiAnswerMs')) },
  };
}

const commitOf = (checkout: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();

async function main() {
  if (!fs.existsSync('dist/server/main.mjs'))
    spawnSync(process.execPath, ['tools/build-server.mjs'], { stdio: 'inherit' });
  const checkouts = BASELINE ? [process.cwd(), path.resolve(BASELINE)] : [process.cwd()];
  const times = checkouts.map(() => ({ firsts: [] as StartTimes[], warms: [] as StartTimes[] }));
  const dataDirs = checkouts.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-cold-')));
  const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  try {
    for (let round = 0; round < RUNS; round++) {
      // Each round starts every checkout on an empty data dir, then warm on it; who goes first alternates.
      const order = round % 2 ? [...checkouts.keys()].reverse() : [...checkouts.keys()];
      for (const i of order) {
        fs.rmSync(dataDirs[i], { recursive: true, force: true });
        times[i].firsts.push(await startOnce(checkouts[i], dataDirs[i]));
      }
      for (const i of order) times[i].warms.push(await startOnce(checkouts[i], dataDirs[i]));
    }
    const [current, baseline] = times.map(({ firsts, warms }) => summary(firsts, warms));
    const results = {
      measuredAt: new Date().toISOString(),
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
      runs: RUNS,
      commit: commitOf(checkouts[0]),
      ...current,
      ...(baseline ? { baseline: { commit: commitOf(checkouts[1]), ...baseline } } : {}),
    };
    console.log(JSON.stringify(results, null, 2));
    writeResult('cold-start.json', results);
  } finally {
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
