import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices } from '../../server/device-records/device-tables';
import { sealCredentials } from '../../server/devices/device-credentials';
import { pulseHoldMs } from '../../server/gates/relay-pulse';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import type { SimulatedProtocol } from '../../tools/relay-simulator/device-protocols';
import type { MqttProtocol } from '../../tools/relay-simulator/mqtt-device';
import type { RelaySimulator, SimulatedDeviceInfo } from '../../tools/relay-simulator/relay-simulator';
import type { TestClock } from './test-clock';

/** The relay on-time of every gate these helpers seed. */
const SEEDED_PULSE_SECONDS = 2;

export const HTTP_TEMPLATE_SETTINGS = {
  method: 'POST',
  pathTemplate: '/open?channel={channel}&seconds={seconds}',
  successMatch: 'OK',
};

/** A fake relay on the simulator and a device row registered against it. */
export async function seedSimulatedGate(
  app: FastifyInstance,
  simulator: RelaySimulator,
  propertyId: string,
  options: { protocol?: SimulatedProtocol; credentials?: { username: string; password: string }; name?: string } = {},
) {
  const protocol = options.protocol ?? 'shelly-gen1';
  const relay: SimulatedDeviceInfo = await simulator.addDevice({ protocol, credentials: options.credentials });
  const [device] = await app.db
    .insert(devices)
    .values({
      propertyId,
      deviceName: options.name ?? `${protocol} gate`,
      deviceType: 'gate',
      deviceIpAddress: relay.address,
      driver: protocol,
      pulseSeconds: SEEDED_PULSE_SECONDS,
      driverSettings: protocol === 'http-template' ? HTTP_TEMPLATE_SETTINGS : {},
      credentialsEncrypted: options.credentials ? sealCredentials(app.config.secret, options.credentials) : null,
      deviceKeyHash: sha256Hex(randomToken()),
    })
    .returning();
  return { relay, device };
}

/**
 * An MQTT device row and a simulated relay connected to `brokerUrl` under the same topic, unique
 * per call so tests sharing one broker never hear each other. On the embedded broker the relay
 * logs in with its topic and the password the row stores the hash of.
 */
export async function seedMqttGate(
  app: FastifyInstance,
  simulator: RelaySimulator,
  propertyId: string,
  options: { protocol: MqttProtocol; brokerUrl: string; login?: boolean; topic?: string; clientId?: string },
) {
  const topic = options.topic ?? `test-${options.protocol}-${crypto.randomBytes(6).toString('hex')}`;
  const password = randomToken(24);
  const [device] = await app.db
    .insert(devices)
    .values({
      propertyId,
      deviceName: `${options.protocol} gate`,
      deviceType: 'gate',
      deviceIpAddress: null,
      mqttTopic: topic,
      mqttPasswordHash: sha256Hex(password),
      driver: options.protocol,
      pulseSeconds: SEEDED_PULSE_SECONDS,
      deviceKeyHash: sha256Hex(randomToken()),
    })
    .returning();
  const login = options.login ? { username: topic, password } : undefined;
  const relay = await simulator.addMqttDevice({
    protocol: options.protocol,
    brokerUrl: options.brokerUrl,
    topic,
    login,
    clientId: options.clientId,
  });
  return { relay, device, login: { username: topic, password } };
}

/** Gives a seeded device a key the test knows, for the reader and keypad routes. */
export async function giveDeviceKey(app: FastifyInstance, deviceId: string): Promise<string> {
  const key = randomToken();
  await app.db
    .update(devices)
    .set({ deviceKeyHash: sha256Hex(key) })
    .where(eq(devices.id, deviceId));
  return key;
}

/**
 * Moves a test's clock past the hold of the gate's last pulse, so that the next press pulses
 * again instead of joining it (decision 0071).
 */
export function pastPulseHold(clock: TestClock, device = { pulseSeconds: SEEDED_PULSE_SECONDS }) {
  clock.advance(pulseHoldMs(device));
}
