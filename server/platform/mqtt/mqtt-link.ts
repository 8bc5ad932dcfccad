import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { newGatehouseClientId } from './gatehouse-client-id';

/** An answer a device published, parsed as JSON (null when it was not JSON). */
type Answer = Record<string, unknown> | null;
type PresenceListener = (presence: { topic: string; online: boolean }) => void;

const parse = (payload: Buffer): Answer => {
  try {
    const value = JSON.parse(payload.toString('utf8'));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
};

/**
 * This process's one connection to the MQTT broker. Commands go out at QoS 0 (at most once: a
 * redelivered command could pulse a gate twice) and only while connected (nothing is queued to
 * go out late). Shelly answers come back on this process's own response topic, correlated by id;
 * Tasmota answers on its shared stat topic, claimed by the one pulse in flight for that device.
 */
export class MqttLink {
  /** Unique per process, so a Shelly answer reaches the process that asked. */
  readonly processId = `gatehouse-${crypto.randomBytes(6).toString('hex')}`;
  private nextId = 1;
  private readonly shellyWaiters = new Map<number, { deviceTopic: string; resolve: (answer: Answer) => void }>();
  private readonly tasmotaWaiters = new Map<string, (answer: Answer) => void>();
  private readonly presenceListeners = new Set<PresenceListener>();
  readonly ready: Promise<void>;

  private constructor(
    private readonly client: MqttClient,
    readonly clientId: string,
  ) {
    this.ready = new Promise((resolve) => {
      client.once('connect', () => {
        const topics = [`+/${this.processId}/rpc`, 'stat/+/RESULT', '+/online', 'tele/+/LWT'];
        client.subscribe(topics, { qos: 0 }, () => resolve());
      });
    });
    client.on('message', (topic, payload) => this.dispatch(topic, payload));
    // Errors are retried by the client's reconnect; a pulse meanwhile fails as not connected.
    client.on('error', () => undefined);
  }

  static open(url: string, login: { username?: string; password?: string } = {}): MqttLink {
    const clientId = newGatehouseClientId();
    const client = mqtt.connect(url, {
      ...login,
      clientId,
      clean: true,
      queueQoSZero: false,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
    });
    return new MqttLink(client, clientId);
  }

  get connected() {
    return this.client.connected;
  }

  /** The `src` of this process's Shelly requests to one device: under the device's own prefix, so
   * the device's answer on `<src>/rpc` stays within the topics the broker lets it publish to. */
  shellySource(deviceTopic: string) {
    return `${deviceTopic}/${this.processId}`;
  }

  newRequestId() {
    return this.nextId++;
  }

  /**
   * Waits for the Shelly answer with this id, from that device's own topic tree only (so no other
   * device can answer for it); `cancel` forgets it (a late answer is dropped).
   */
  expectShellyAnswer(id: number, deviceTopic: string) {
    let resolve: (answer: Answer) => void = () => undefined;
    const answer = new Promise<Answer>((done) => {
      resolve = done;
    });
    const waiter = { deviceTopic, resolve };
    this.shellyWaiters.set(id, waiter);
    return { answer, cancel: () => this.shellyWaiters.get(id) === waiter && this.shellyWaiters.delete(id) };
  }

  /** Waits for the next `stat/<topic>/RESULT`. */
  expectTasmotaResult(topic: string) {
    let resolve: (answer: Answer) => void = () => undefined;
    const answer = new Promise<Answer>((done) => {
      resolve = done;
    });
    this.tasmotaWaiters.set(topic, resolve);
    return { answer, cancel: () => this.tasmotaWaiters.get(topic) === resolve && this.tasmotaWaiters.delete(topic) };
  }

  publish(topic: string, payload: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.client.publish(topic, payload, { qos: 0, retain: false }, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Online/offline news from Shelly `<prefix>/online` and Tasmota `tele/<topic>/LWT`. */
  onPresence(listener: PresenceListener): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.client.end(true, {}, () => resolve()));
  }

  private dispatch(topic: string, payload: Buffer) {
    const levels = topic.split('/');
    if (levels.length === 3 && levels[1] === this.processId && levels[2] === 'rpc') {
      const answer = parse(payload);
      const id = Number(answer?.id);
      const waiter = this.shellyWaiters.get(id);
      if (waiter?.deviceTopic !== levels[0]) return;
      waiter.resolve(answer);
      this.shellyWaiters.delete(id);
    } else if (levels.length === 3 && levels[0] === 'stat' && levels[2] === 'RESULT') {
      this.tasmotaWaiters.get(levels[1])?.(parse(payload));
      this.tasmotaWaiters.delete(levels[1]);
    } else if (levels.length === 2 && levels[1] === 'online') {
      this.emitPresence(levels[0], payload.toString() === 'true');
    } else if (levels.length === 3 && levels[0] === 'tele' && levels[2] === 'LWT') {
      this.emitPresence(levels[1], payload.toString() === 'Online');
    }
  }

  private emitPresence(topic: string, online: boolean) {
    for (const listener of this.presenceListeners) listener({ topic, online });
  }
}
