import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, spawnGatehouse, TEST_SUPERADMIN } from '../../test/support/gatehouse-process';
import { callApi, registerGate, signInTo } from '../../test/support/process-api';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';

const simulator = new RelaySimulator();
afterAll(() => simulator.close());

describe('graceful shutdown', () => {
  it('on SIGTERM refuses new connections, finishes the press in flight (its pulse included) and exits 0', {
    timeout: 240_000,
  }, async () => {
    const database = process.env.DB_KIND === 'postgres' ? await freshPostgresDatabase() : undefined;
    const gatehouse = await spawnGatehouse({ databaseUrl: database?.url });
    try {
      const token = await signInTo(gatehouse.baseURL, TEST_SUPERADMIN, 'superadmin');
      const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
      const gate = await registerGate(gatehouse.baseURL, token, relay.address);
      await simulator.setFault(relay.id, 'slow', 1500);

      const press = callApi<{ status: string }>(gatehouse.baseURL, 'POST', '/api/device/trigger-relay', {
        token,
        body: { deviceId: gate.deviceId, propertyId: gate.propertyId },
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      gatehouse.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const late = await fetch(`${gatehouse.baseURL}/livez`).then(
        () => 'answered',
        () => 'refused',
      );

      expect((await press).status).toBe('success');
      expect(simulator.pulses(relay.id)).toHaveLength(1);
      expect(late).toBe('refused');
      expect(await gatehouse.exited).toBe(0);
    } finally {
      await gatehouse.stop('SIGKILL');
      await database?.drop();
    }
  });
});
