// Hostile JSON bodies against POST /api/access/qr: 300,000 lists inside one another,
// sent 1 and 6 at once, anonymously and with a valid device key, while an honest reader scans.
// Reports the answers, the burst's wall time, the longest event-loop stall and the honest scan's
// latency. In-process on PGlite: the cost measured is parsing, not the database.
// npx tsx bench/hostile-bodies.bench.ts

import { devices } from '../server/device-records/device-tables';
import { randomToken, sha256Hex } from '../server/platform/crypto/keys';
import { createTestApp, seedProperty } from '../test/support/test-app';
import { loadAverage, writeResult } from './dashboard-bench-support';

const DEEP = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;

const t = await createTestApp();
const property = await seedProperty(t.app);
const key = randomToken();
await t.app.db
  .insert(devices)
  .values({ propertyId: property.id, deviceName: 'Gate', deviceIpAddress: '10.0.0.5', deviceKeyHash: sha256Hex(key) });

const scan = (payload: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access/qr',
    payload,
    headers: { ...headers, 'content-type': 'application/json' },
  });

/** The longest gap between ticks of a 1 ms timer: how long the event loop was blocked. */
function watchStalls() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(longest, performance.now() - last));
  };
}

async function burst(count: number, headers: Record<string, string>) {
  const stopWatching = watchStalls();
  const started = performance.now();
  const honest = (async () => {
    const sent = performance.now();
    await scan(JSON.stringify({ code: 'an-unknown-code' }), { authorization: `Bearer ${key}` });
    return performance.now() - sent;
  })();
  const answers = await Promise.all(Array.from({ length: count }, () => scan(DEEP, headers)));
  const honestMs = await honest;
  const wallMs = performance.now() - started;
  const longestStall = stopWatching();
  return {
    count,
    statuses: [...new Set(answers.map((answer) => answer.statusCode))],
    message: answers[0].json().message,
    wallMs: Math.round(wallMs),
    longestEventLoopStallMs: longestStall,
    honestScanMs: Math.round(honestMs),
  };
}

await scan(JSON.stringify({ code: 'warm-up' }), { authorization: `Bearer ${key}` });
const results = {
  measuredAt: new Date().toISOString(),
  loadAverageAtStart: loadAverage(),
  bodyBytes: DEEP.length,
  anonymous: [await burst(1, {}), await burst(6, {})],
  withDeviceKey: [
    await burst(1, { authorization: `Bearer ${key}` }),
    await burst(6, { authorization: `Bearer ${key}` }),
  ],
};
console.log(JSON.stringify(results, null, 2));
writeResult('hostile-bodies.json', results);
await t.close();
