// What erasing a person costs when the trail behind them is long: one property's chain of
// BENCH_TRAIL_ROWS entries (default 20,000), the person named in its first entry and in one entry
// in BENCH_NAMED_EVERY (default 100; 1: every entry) after it, and BENCH_GATE_EVENTS of their gate
// events. Erasure replaces the words of the entries naming them (docs/decisions/0055; before it,
// 0051 linked every later entry again); audit:verify must pass after. The answer's status is
// recorded, a failure included. BENCH_SUFFIX names the result file (erasure-<db><suffix>.json).
// DB_KIND=postgres DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/erasure.bench.ts
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { type ChainedFields, chainHash, GENESIS_HASH, wordsDigest } from '../server/activity/activity-chain';
import { activity } from '../server/activity/activity-tables';
import { verifyActivityChains } from '../server/activity/activity-verify';
import { insertGateLogRows, newGateLogId } from '../server/gate-log/gate-log-sink';
import { bearer, createTestApp, seedProperty, seedUser } from '../test/support/test-app';
import { loadAverage, writeResult } from './dashboard-bench-support';

const TRAIL_ROWS = Number(process.env.BENCH_TRAIL_ROWS ?? 20_000);
const GATE_EVENTS = Number(process.env.BENCH_GATE_EVENTS ?? 5_000);
const NAMED_EVERY = Number(process.env.BENCH_NAMED_EVERY ?? 100);

async function main() {
  const t = await createTestApp();
  const property = await seedProperty(t.app);
  const person = await seedUser(t.app, {
    role: 'resident',
    propertyId: property.id,
    firstName: 'Bartholomew',
    lastName: 'Erasewell',
  });
  const root = await seedUser(t.app, { role: 'superadmin' });
  // The property's chain so far (sign-ins of seeding), continued by hand in the writer's own form.
  const [last] = await t.app.db
    .select({ hash: activity.hash })
    .from(activity)
    .where(eq(activity.propertyId, property.id))
    .orderBy(desc(activity.seq))
    .limit(1);
  let prevHash = last?.hash ?? GENESIS_HASH;
  const start = Date.now() - TRAIL_ROWS * 1000;
  for (let done = 0; done < TRAIL_ROWS; done += 1000) {
    const batch = [];
    for (let i = done; i < Math.min(done + 1000, TRAIL_ROWS); i++) {
      const names = i === 0 || i % NAMED_EVERY === 0;
      const row: ChainedFields = {
        id: crypto.randomUUID(),
        at: new Date(start + i * 1000),
        actorId: null,
        actorRole: 'admin',
        actorName: 'Morgan Lee',
        ip: '10.0.0.1',
        userAgent: 'bench',
        requestId: `bench-${i}`,
        action: 'person.update',
        summary: names ? 'Updated Bartholomew Erasewell' : `Updated someone else ${i}`,
        objectKind: 'person',
        objectId: names ? person.id : crypto.randomUUID(),
        propertyId: property.id,
        changes: names ? { email: { before: null, after: person.email } } : { label: { before: 'a', after: 'b' } },
      };
      const digest = wordsDigest(row);
      const hash = chainHash(prevHash, row, digest);
      batch.push({ ...row, prevHash, hash, wordsDigest: digest });
      prevHash = hash;
    }
    await t.app.db.insert(activity).values(batch);
  }
  const details = { firstName: 'Bartholomew', lastName: 'Erasewell', email: person.email, phoneNumber: null };
  for (let done = 0; done < GATE_EVENTS; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, GATE_EVENTS - done) }, (_, i) => ({
      id: newGateLogId(),
      entry: {
        timestamp: new Date(start + (done + i) * 1000),
        callerType: 'user' as const,
        status: 'success' as const,
        credential: 'card' as const,
        propertyId: property.id,
        deviceId: null,
        actorUserId: person.id,
        userDetails: details,
      },
    }));
    await insertGateLogRows(t.app.db, rows);
  }
  const began = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/resident/${person.id}/erase`,
    headers: bearer(root.token),
  });
  const eraseMs = performance.now() - began;
  const verifyBegan = performance.now();
  const { broken } = await verifyActivityChains(t.app.db, t.app.config.secret);
  const verifyMs = performance.now() - verifyBegan;
  const result = {
    database: process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite',
    trailRows: TRAIL_ROWS,
    namedEvery: NAMED_EVERY,
    gateEvents: GATE_EVENTS,
    status: response.statusCode,
    eraseMs: Math.round(eraseMs),
    verifyMs: Math.round(verifyMs),
    broken: broken.length,
    loadAverage: loadAverage(),
  };
  console.log(result);
  writeResult(`erasure-${result.database}${process.env.BENCH_SUFFIX ?? ''}.json`, result);
  await t.close();
}

await main();
