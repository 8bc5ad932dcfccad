import { deviceOnTopic } from '../device-records/device-store';
import type { PlatformDeps } from '../platform/deps';
import type { MqttLink } from '../platform/mqtt/mqtt-link';
import { recordRelayResult } from './seen-writes';

/**
 * Feeds what MQTT relays say of themselves into device health: Shelly `<prefix>/online` and Tasmota
 * `tele/<topic>/LWT`, published by the device when it connects and by the broker (its last will)
 * when it drops. Every process hears them; the writes are idempotent, so several processes agree.
 */
export function watchMqttPresence(mqtt: MqttLink | null, deps: Pick<PlatformDeps, 'config' | 'db' | 'log'>) {
  if (!mqtt) return;
  mqtt.onPresence(({ topic, online }) => {
    void (async () => {
      const device = await deviceOnTopic(deps.db, topic);
      if (!device) return;
      await recordRelayResult(deps, device.id, [
        { command: online ? 'online' : 'offline (last will)', success: online },
      ]);
    })().catch((error: unknown) => deps.log.warn({ err: error, topic }, 'could not record MQTT presence'));
  });
}
