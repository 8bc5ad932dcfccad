import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { commitGateLog, type GateLogEntry, writeGateLog } from './gate-log-sink';

let t: TestApp;
let superadmin: SeededUser;
let propertyId: string;

/** Every event (one page of them) in the same millisecond, as simultaneous scans at a busy gate are stamped. */
const SAME_MILLISECOND = new Date('2026-11-26T08:00:00.123Z');

const attempt = (reason: string): GateLogEntry => ({
  timestamp: SAME_MILLISECOND,
  callerType: 'visitor',
  status: 'failed',
  reason,
  credential: 'qr',
  propertyId,
  deviceId: null,
});

async function listedReasons(): Promise<string[]> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/relay-logs/all', headers: bearer(superadmin.token) });
  expect(answer.statusCode).toBe(200);
  return answer.json().logs.map((log: { reason: string }) => log.reason);
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(() => t.close());

describe('gate events of the same millisecond', () => {
  it('list newest first in the order they were written, one at a time or batched together', async () => {
    const reasons = Array.from({ length: 10 }, (_, i) => `attempt ${i + 1}`);
    for (const reason of reasons.slice(0, 5)) await writeGateLog(t.app.db, attempt(reason));
    // Written concurrently: these share one coalesced insert, in the order they were made.
    await Promise.all(reasons.slice(5).map((reason) => commitGateLog(t.app.db, attempt(reason))));
    expect(await listedReasons()).toEqual([...reasons].reverse());
  });
});
