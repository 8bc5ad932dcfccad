import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { sealCredentials } from '../devices/device-credentials';
import { gateLogs } from '../gate-log/gate-log-tables';
import { type GateDeps, gateDependencies, openGate } from './gate-decision';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let gate: GateDeps;
const credentials = { username: 'admin', password: 'relay-secret' };

beforeAll(async () => {
  t = await createTestApp();
  gate = gateDependencies(t.app, { relayTimeouts: { connectMs: 300, totalMs: 700 } });
  propertyId = (await seedProperty(t.app, { propertyName: 'Driver Court', propertyLocation: '1 Relay Road' })).id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const logDetails = {
  callerType: 'user' as const,
  userDetails: { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null },
};

const expectedCommand = {
  'shelly-gen1': 'GET /relay/0?turn=on&timer=2',
  'shelly-gen2': 'Switch.Set id=0 on=true toggle_after=2',
  tasmota: 'Backlog Power1 On; Delay 20; Power1 Off',
  'http-template': 'POST /open?channel=0&seconds=2',
} as const;

const faults = [
  { fault: 'down', pulses: 0 },
  { fault: 'slow', pulses: 1 },
  { fault: 'hang', pulses: 0 },
  { fault: 'error', pulses: 0 },
  { fault: 'auth', pulses: 0 },
] as const;

describe.each(Object.keys(expectedCommand) as (keyof typeof expectedCommand)[])(
  '%s driver over real HTTP',
  (protocol) => {
    it('pulses once with the device timer and logs success with its operation', async () => {
      const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol, credentials });
      const opening = await openGate(gate, { device, logDetails });
      expect(opening.status).toBe('success');
      expect(opening.relayOperations).toEqual([{ command: expectedCommand[protocol], success: true }]);
      expect(simulator.pulses(relay.id)).toMatchObject([{ channel: 0, seconds: 2 }]);
      const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
      expect(log).toMatchObject({
        status: 'success',
        callerType: 'user',
        deviceId: device.id,
        propertyId,
        deviceDetails: { deviceName: device.deviceName, deviceType: 'gate' },
        propertyDetails: { propertyName: 'Driver Court', propertyLocation: '1 Relay Road' },
        userDetails: logDetails.userDetails,
        relayOperations: [{ command: expectedCommand[protocol], success: true }],
        totalDurationMs: opening.totalDurationMs,
      });
      expect(log.timestamp.getTime()).toBe(t.clock.now().getTime());
    });

    it.each(faults)('logs a failed attempt when the relay is $fault', async ({ fault, pulses }) => {
      const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol, credentials });
      await simulator.setFault(relay.id, fault, 1500);
      const opening = await openGate(gate, { device, logDetails });
      expect(opening.status).toBe('failed');
      expect(opening.relayOperations).toEqual([{ command: expectedCommand[protocol], success: false }]);
      // A slow Gen2 relay also delays its digest challenge, so the signed Switch.Set is never sent.
      const withDigest = protocol === 'shelly-gen2' && fault === 'slow';
      expect(simulator.pulses(relay.id)).toHaveLength(withDigest ? 0 : pulses);
      const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
      expect(log.status).toBe('failed');
      expect(log.relayOperations).toEqual(opening.relayOperations);
      expect(log.reason).toBeTruthy();
    });
  },
);

describe('credentials', () => {
  it('fails with wrong stored credentials and never logs or echoes the password', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, {
      protocol: 'shelly-gen2',
      credentials,
    });
    const wrong = {
      ...device,
      credentialsEncrypted: sealCredentials(t.app, { username: 'admin', password: 'not-it' }),
    };
    const opening = await openGate(gate, { device: wrong, logDetails });
    expect(opening.status).toBe('failed');
    expect(simulator.pulses(relay.id)).toHaveLength(0);
    const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
    expect(JSON.stringify(log)).not.toContain('relay-secret');
    expect(JSON.stringify(log)).not.toContain('not-it');
  });
});
