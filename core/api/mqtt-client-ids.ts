import type { MqttRelayDriverName } from './devices';

/** A Tasmota's default client id (its MqttClient setting `DVES_%06X`): the last six hex digits of its MAC. */
export const TASMOTA_DEFAULT_CLIENT_ID = /^DVES_[0-9A-F]{6}$/;
/** A Tasmota's default topic (`tasmota_%06X`), from the same six digits. */
const TASMOTA_DEFAULT_TOPIC = /^tasmota_([0-9A-F]{6})$/;

/**
 * The MQTT client ids a device's login may connect with on the embedded broker: its topic (a
 * Shelly's default client id is its device id, which is also its default prefix), and for a
 * Tasmota on its default topic `tasmota_XXXXXX` also its default client id `DVES_XXXXXX`. No two
 * devices share an id: topics are unique, and no topic may look like `DVES_XXXXXX`.
 */
export function mqttClientIdsOf(driver: MqttRelayDriverName, topic: string): string[] {
  if (TASMOTA_DEFAULT_CLIENT_ID.test(topic)) return [];
  const tasmotaDefault = driver === 'tasmota-mqtt' ? TASMOTA_DEFAULT_TOPIC.exec(topic) : null;
  return tasmotaDefault ? [topic, `DVES_${tasmotaDefault[1]}`] : [topic];
}
