import type { MqttRelayDriverName } from '@core/api/devices';
import { mqttClientIdsOf } from '@core/api/mqtt-client-ids';
import { isGatehouseClientId } from './gatehouse-client-id';

/** Who is logged in on the embedded broker: Gatehouse itself, or one MQTT relay. */
export type BrokerIdentity = { kind: 'gatehouse' } | { kind: 'device'; driver: MqttRelayDriverName; topic: string };

const within = (topic: string, root: string) => topic === root || topic.startsWith(`${root}/`);

/**
 * The topics a relay may use, and no other's. A Shelly keeps to its prefix (Gatehouse sets each
 * request's `src` under that prefix, so the answer stays there too); a Tasmota reads its cmnd
 * topics and writes its stat and tele topics. Gatehouse itself may use every topic.
 */
export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  if (identity.kind === 'gatehouse') return true;
  if (identity.driver === 'shelly-gen2-mqtt') return within(topic, identity.topic);
  return within(topic, `stat/${identity.topic}`) || within(topic, `tele/${identity.topic}`);
}

export function maySubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (identity.kind === 'gatehouse') return true;
  if (identity.driver === 'shelly-gen2-mqtt') return within(filter, identity.topic);
  return within(filter, `cmnd/${identity.topic}`);
}

/**
 * A login connects only under its own client ids: the broker drops the earlier connection of a
 * client id that connects again, so a foreign id would knock that device (or Gatehouse) offline.
 */
export function mayUseClientId(identity: BrokerIdentity, clientId: string): boolean {
  if (identity.kind === 'gatehouse') return isGatehouseClientId(clientId);
  return mqttClientIdsOf(identity.driver, identity.topic).includes(clientId);
}
