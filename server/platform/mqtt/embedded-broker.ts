import crypto from 'node:crypto';
import net from 'node:net';
import { isMqttDriver } from '@core/api/devices';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deriveKey, sha256Hex } from '../crypto/keys';
import { type BrokerIdentity, mayPublish, maySubscribe, mayUseClientId } from './broker-acl';

/** Gatehouse's own user name on its embedded broker; no device topic may log in under it. */
const GATEHOUSE_USER = 'gatehouse';
const IDENTIFIER_REJECTED = 2;
const BAD_LOGIN = 4;

export interface EmbeddedBroker {
  url: string;
  port: number;
  login: { username: string; password: string };
  close(): Promise<void>;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(sha256Hex(given));
  const b = Buffer.from(sha256Hex(expected));
  return crypto.timingSafeEqual(a, b);
};

const refused = (): AuthenticateError =>
  Object.assign(new Error('bad user name or password'), { returnCode: BAD_LOGIN });
const foreignClientId = (): AuthenticateError =>
  Object.assign(new Error('identifier rejected'), { returnCode: IDENTIFIER_REJECTED });

/**
 * An MQTT broker inside Gatehouse, for installs without one: each MQTT relay logs in with its
 * topic and the password shown once at registration, and may touch only its own topics and
 * connect only under its own client ids.
 */
/** A device's MQTT login as the devices domain keeps it: its driver and its password's hash. */
export type DeviceLogin = { driver: string; hash: string | null };

export async function startEmbeddedBroker(options: {
  /** The login of the device whose topic is this username, if it has one. */
  findDeviceLogin: (username: string) => Promise<DeviceLogin | null>;
  secret: Buffer;
  port: number;
  host?: string;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const password = deriveKey(options.secret, 'mqtt-embedded-broker').toString('base64url');
  const identities = new WeakMap<Client, BrokerIdentity>();

  async function identify(username: string, given: string): Promise<BrokerIdentity | null> {
    if (username === GATEHOUSE_USER) return sameSecret(given, password) ? { kind: 'gatehouse' } : null;
    const device = await options.findDeviceLogin(username);
    if (!device?.hash || !isMqttDriver(device.driver)) return null;
    const hashMatches = crypto.timingSafeEqual(Buffer.from(sha256Hex(given)), Buffer.from(device.hash));
    return hashMatches ? { kind: 'device', driver: device.driver, topic: username } : null;
  }

  const broker = new Aedes({
    authenticate(client, username, secret, done) {
      identify(username ?? '', secret?.toString('utf8') ?? '')
        .then((identity) => {
          if (!identity) return done(refused(), false);
          // Refused before the broker registers it, so whoever holds that id stays connected.
          if (!mayUseClientId(identity, client.id)) {
            options.log.warn(
              { login: username, clientId: client.id.slice(0, 80) },
              'embedded broker refused a client id',
            );
            return done(foreignClientId(), false);
          }
          identities.set(client, identity);
          done(null, true);
        })
        .catch((error) => {
          options.log.error({ err: error }, 'embedded broker could not check a login');
          done(refused(), false);
        });
    },
    authorizePublish(client, packet, callback) {
      const identity = client && identities.get(client);
      // Refused publishes disconnect the client: MQTT 3.1.1 has no other way to say no.
      if (client && (!identity || !mayPublish(identity, packet.topic))) return callback(new Error('topic not allowed'));
      callback(null);
    },
    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      // A refused subscription is answered with the failure code, the connection stays up.
      callback(null, identity && maySubscribe(identity, subscription.topic) ? subscription : null);
    },
  });
  await broker.listen();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      broker.close();
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `MQTT_PORT ${options.port} is already in use (another broker?): set MQTT_URL to use that broker, or pick another MQTT_PORT`,
            )
          : error,
      );
    });
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    login: { username: GATEHOUSE_USER, password },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
