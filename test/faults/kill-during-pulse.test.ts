import { afterAll, describe, expect, it } from 'vitest';
import { ABANDONED_OPENING_REASON } from '../../server/gates/abandoned-openings';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  TEST_SUPERADMIN,
} from '../support/gatehouse-process';
import { callApi, registerGate, signInTo } from '../support/process-api';
import { readUntil } from '../support/read-until';

// A gap once found: a server killed while its relay was still answering a press had pulsed the
// gate, and the property's log never showed it. The relay answers after 4 s; the server is killed
// (SIGKILL) once the relay has the pulse, then started again on the same database.
const RELAY_ANSWERS_AFTER_MS = 4000;
/** How long the restarted server may take to mark the attempt: its lease and a sweep, with room. */
const MARKED_WITHIN_MS = 60_000;

const simulator = new RelaySimulator();
afterAll(() => simulator.close());

interface LogRow {
  status: string;
  reason: string | null;
  credential: string | null;
  relayOperations: unknown[];
}

const databases = [
  { name: 'PostgreSQL', fresh: () => freshPostgresDatabase('gatehouse_kill_pulse') },
  { name: 'the embedded database', fresh: async (): Promise<FreshPostgres | undefined> => undefined },
];

describe.each(databases)('SIGKILL while the relay is answering a press, on $name', ({ fresh }) => {
  it('leaves one "outcome unknown" row for the opening once the server is back', async () => {
    const database = await fresh();
    let gatehouse: GatehouseProcess | undefined;
    let restarted: GatehouseProcess | undefined;
    try {
      gatehouse = await spawnGatehouse({ databaseUrl: database?.url });
      const token = await signInTo(gatehouse.baseURL, TEST_SUPERADMIN, 'superadmin');
      const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
      const gate = await registerGate(gatehouse.baseURL, token, relay.address, 'Crash Court');
      await simulator.setFault(relay.id, 'slow', RELAY_ANSWERS_AFTER_MS);

      const press = fetch(`${gatehouse.baseURL}/api/device/trigger-relay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ deviceId: gate.deviceId, propertyId: gate.propertyId }),
      }).then(
        (answer) => `answered ${answer.status}`,
        () => 'no answer',
      );
      await readUntil(
        () => simulator.pulses(relay.id).length,
        (count) => count > 0,
        RELAY_ANSWERS_AFTER_MS,
        50,
      );
      gatehouse.child.kill('SIGKILL');
      await gatehouse.exited;
      expect(await press).toBe('no answer');

      restarted = await spawnGatehouse({ databaseUrl: database?.url, dataDir: gatehouse.dataDir });
      const again = await signInTo(restarted.baseURL, TEST_SUPERADMIN, 'superadmin');
      const readLogs = async () =>
        (
          await callApi<{ logs: LogRow[] }>(
            (restarted as GatehouseProcess).baseURL,
            'GET',
            `/api/relay-logs/property/${gate.propertyId}?timezone=UTC`,
            { token: again },
          )
        ).logs;
      const marked = (rows: LogRow[]) => rows.some((row) => row.status === 'unknown');
      const logs = await readUntil(readLogs, marked, MARKED_WITHIN_MS, 250);

      expect(logs).toEqual([
        expect.objectContaining({
          status: 'unknown',
          reason: ABANDONED_OPENING_REASON,
          credential: 'remote',
          relayOperations: [],
        }),
      ]);
      expect(simulator.pulses(relay.id)).toHaveLength(1);
    } finally {
      await gatehouse?.stop('SIGKILL');
      await restarted?.stop('SIGKILL');
      await database?.drop();
    }
  });
});
