import type { FastifyInstance } from 'fastify';
import { watchMqttPresence } from '../device-health/mqtt-presence';
import { findDeviceLogin } from '../device-records/device-store';
import type { EmbeddedBroker } from '../platform/mqtt/embedded-broker';
import type { MqttLink } from '../platform/mqtt/mqtt-link';

/** A broker that is down at start does not stop the server: MQTT pulses fail until it is back. */
const FIRST_CONNECT_WAIT_MS = 3000;

/**
 * Connects to MQTT_URL, or runs the embedded broker on MQTT_PORT and connects to it. Neither
 * set: no MQTT (the embedded broker is opt-in, so a taken port 1883 never stops `npm start`).
 */
export async function installMqtt(app: FastifyInstance) {
  const { mqttUrl, mqttPort } = app.config;
  let broker: EmbeddedBroker | null = null;
  let link: MqttLink | null = null;
  // The MQTT client is loaded only when a broker is configured, as is the embedded broker.
  const openLink = async (...args: Parameters<typeof MqttLink.open>) =>
    (await import('../platform/mqtt/mqtt-link')).MqttLink.open(...args);
  if (mqttUrl) link = await openLink(mqttUrl);
  else if (mqttPort !== undefined) {
    // Loaded only when asked for: the broker is opt-in and its package is not cheap to load at start.
    const { startEmbeddedBroker } = await import('../platform/mqtt/embedded-broker');
    broker = await startEmbeddedBroker({
      findDeviceLogin: (username) => findDeviceLogin(app.db, username),
      secret: app.config.secret,
      port: mqttPort,
      log: app.log,
    });
    link = await openLink(broker.url, broker.login);
    app.log.info(`embedded MQTT broker listening on port ${broker.port}`);
  }
  app.decorate('mqtt', link);
  app.decorate('mqttBroker', broker);
  // Before the first connection: a broker hands over retained presence as soon as we subscribe.
  watchMqttPresence(link, app);
  if (link) {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), FIRST_CONNECT_WAIT_MS);
    });
    if ((await Promise.race([link.ready, waited])) === 'late')
      app.log.warn('MQTT broker not reachable yet; MQTT relays fail until it is');
    clearTimeout(timer);
  }
  app.addHook('onClose', async () => {
    await link?.close();
    await broker?.close();
  });
}
