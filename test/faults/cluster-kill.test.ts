import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateLogs } from '../../server/gate-log/gate-log-tables';
import { PULSE_SETTLE_MS } from '../../server/gates/relay-pulse';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { seedClusterProperty } from '../support/cluster-seed';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';
import { type RunningProxy, startHaproxy } from '../support/haproxy';

// Three Gatehouse processes behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL; one is killed
// with SIGKILL while readers scan through the proxy. Every scan that opened a gate pulsed its relay
// exactly once or joined the pulse another scan had sent inside its hold (decision 0071), no two
// pulses fall inside one hold, and only scans in flight on the killed process may fail.
const GATES = 3;
const REFUSING_READERS = 6;
const RUN_MS = 6000;
const KILL_AT_MS = 2000;
// Codes are reused in turn: a fast machine scans more than there are, and an unknown code would be
// throttled (429) rather than decided.
const CODES = 2000;

let database: FreshPostgres;
let orm: Database;
const cluster: GatehouseProcess[] = [];
let proxy: RunningProxy;
const simulator = new RelaySimulator();
const gates: { key: string; relayId: string; deviceId: string }[] = [];

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_cluster');
  const env = { LOG_LEVEL: 'error' };
  cluster.push(await spawnGatehouse({ databaseUrl: database.url, env }));
  cluster.push(...(await Promise.all([1, 2].map(() => spawnGatehouse({ databaseUrl: database.url, env })))));
  proxy = await startHaproxy(cluster.map((process) => `127.0.0.1:${process.port}`));
  orm = await connectPostgres(database.url, 2);
  gates.push(...(await seedClusterProperty(orm.orm, simulator, { codes: CODES, gates: GATES })));
});

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(cluster.map((process) => process.stop('SIGKILL')));
  await orm?.close();
  await simulator.close();
  await database?.drop();
});

interface Scan {
  startedAt: number;
  ok: boolean;
  granted: boolean;
  /** The HTTP status, or the network error when there was no answer. */
  answer: number | string;
}

async function scan(key: string, code: string): Promise<Scan> {
  const startedAt = performance.now();
  try {
    const answer = await fetch(`${proxy.baseURL}/api/access/qr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ code }),
    });
    const body = (await answer.json()) as { granted?: boolean };
    return { startedAt, ok: answer.status === 200, granted: body.granted === true, answer: answer.status };
  } catch (error) {
    return { startedAt, ok: false, granted: false, answer: String((error as Error).cause ?? error) };
  }
}

describe('three processes behind HAProxy, one killed under load', () => {
  it('loses and doubles no pulse, and fails only what was in flight on the killed process', async () => {
    const began = performance.now();
    const until = began + RUN_MS;
    // Gone: the moment the killed process had exited (its kernel sockets closed), not when the
    // signal was sent; requests routed to it in between were in flight on the killed process.
    let goneAt = Number.POSITIVE_INFINITY;
    const killer = new Promise<void>((resolve) =>
      setTimeout(async () => {
        cluster[1].child.kill('SIGKILL');
        await cluster[1].exited;
        goneAt = performance.now();
        resolve();
      }, KILL_AT_MS),
    );
    let next = 0;
    const nextCode = (kind: 'open' | 'closed') => `${kind}-${(next++ % CODES) + 1}`;
    const opener = async (gate: (typeof gates)[number]) => {
      const scans: Scan[] = [];
      while (performance.now() < until) scans.push(await scan(gate.key, nextCode('open')));
      return scans;
    };
    const refuser = async () => {
      const scans: Scan[] = [];
      while (performance.now() < until) scans.push(await scan(gates[0].key, nextCode('closed')));
      return scans;
    };
    const [openings, refusals] = await Promise.all([
      Promise.all(gates.map(opener)),
      Promise.all(Array.from({ length: REFUSING_READERS }, refuser)),
      killer,
    ]);

    for (const [g, scans] of openings.entries()) {
      expect(scans.filter((one) => one.granted).length).toBeGreaterThan(0);
      const rows = await orm.orm
        .select({ status: gateLogs.status, operations: gateLogs.relayOperations })
        .from(gateLogs)
        .where(eq(gateLogs.deviceId, gates[g].deviceId));
      const led = rows.filter((row) => row.status === 'success' && !row.operations.some((one) => one.joined)).length;
      const inFlightWhenKilled = rows.filter((row) => row.status === 'pending' || row.status === 'unknown').length;
      const pulses = simulator.pulses(gates[g].relayId).map((pulse) => Date.parse(pulse.at));
      expect(pulses.length).toBeGreaterThanOrEqual(led);
      expect(pulses.length).toBeLessThanOrEqual(led + inFlightWhenKilled);
      const gaps = pulses.slice(1).map((at, i) => at - pulses[i]);
      expect(gaps.filter((gap) => gap < PULSE_SETTLE_MS)).toEqual([]);
    }
    const all = [...openings.flat(), ...refusals.flat()];
    const failures = all.filter((one) => !one.ok);
    // Everything sent after the killed process was gone reached a survivor.
    expect(failures.filter((one) => one.startedAt > goneAt)).toEqual([]);
    expect(refusals.flat().filter((one) => one.ok).length).toBeGreaterThan(0);
  });
});
