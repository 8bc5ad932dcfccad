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

// Two real Gatehouse processes on one PostgreSQL, one HTTP relay that answers at once: a burst of
// scans split over the processes pulses the gate once, and every scan is one log row (decision 0071).
let database: FreshPostgres;
let orm: Database;
let pair: GatehouseProcess[];
let gate: { key: string; relayId: string; deviceId: string };
const simulator = new RelaySimulator();
let nextCode = 0;

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_faults');
  pair = await Promise.all(
    [0, 1].map(() => spawnGatehouse({ databaseUrl: database.url, env: { LOG_LEVEL: 'error' } })),
  );
  orm = await connectPostgres(database.url, 2);
  [gate] = await seedClusterProperty(orm.orm, simulator, { codes: 40, gates: 1 });
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await simulator.close();
  await database?.drop();
});

/** A scan of a fresh valid code at the gate's reader, through process `n % 2`. */
async function scan(n: number) {
  const answer = await fetch(`${pair[n % 2].baseURL}/api/access/qr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gate.key}` },
    body: JSON.stringify({ code: `open-${++nextCode}` }),
  });
  return (await answer.json()) as { granted: boolean };
}

const logRows = () => orm.orm.select().from(gateLogs).where(eq(gateLogs.deviceId, gate.deviceId));

describe('a burst of scans split over two processes, relay answering at once', () => {
  it.each([3, 6, 20])('%i scans at once pulse once, and each is one log row', async (count) => {
    const pulsesBefore = simulator.pulses(gate.relayId).length;
    // An updated row moves in the table, so the burst's rows are told apart by id, not by position.
    const idsBefore = new Set((await logRows()).map((row) => row.id));
    const answers = await Promise.all(Array.from({ length: count }, (_, n) => scan(n)));
    expect(answers.every((answer) => answer.granted)).toBe(true);
    expect(simulator.pulses(gate.relayId).length - pulsesBefore).toBe(1);
    const rows = (await logRows()).filter((row) => !idsBefore.has(row.id));
    expect(rows).toHaveLength(count);
    expect(rows.filter((row) => row.relayOperations.some((operation) => operation.joined))).toHaveLength(count - 1);
    // The next burst comes after this pulse's hold, which ran from the relay's answer.
    await new Promise((resolve) => setTimeout(resolve, PULSE_SETTLE_MS));
  });
});
