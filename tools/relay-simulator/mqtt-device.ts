import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { LatchRequest, PulseRequest } from './device-protocols';

export const MQTT_PROTOCOLS = ['shelly-gen2-mqtt', 'tasmota-mqtt'] as const;
export type MqttProtocol = (typeof MQTT_PROTOCOLS)[number];

export interface MqttDeviceOptions {
  protocol: MqttProtocol;
  /** The broker the device connects out to, as a real relay behind a home router does. */
  brokerUrl: string;
  /** Shelly topic prefix or Tasmota %topic%; a unique one when absent. */
  topic?: string;
  login?: { username: string; password: string };
  /** Its topic when absent, as README tells a relay to be set up. */
  clientId?: string;
}

/**
 * 'down' disconnects (the broker publishes the last will); 'slow' switches at once and answers
 * after delayMs; 'hang' takes commands and never answers.
 */
export const MQTT_FAULTS = ['none', 'down', 'slow', 'hang'] as const;
export type MqttFault = (typeof MQTT_FAULTS)[number];

/**
 * A simulated Shelly Gen2+ (JSON-RPC on `<prefix>/rpc`, answer on `<src>/rpc`, `<prefix>/online`)
 * or Tasmota (`cmnd/<topic>/...`, answer on `stat/<topic>/RESULT`, `tele/<topic>/LWT`).
 */
export class MqttSimulatedDevice {
  readonly topic: string;
  private client: MqttClient | null = null;
  fault: MqttFault = 'none';
  private delayMs = 0;
  /** Channels latched on with no timer (hold-open); a pulse ends a latch, as a real relay's timer does. */
  readonly latched = new Set<number>();
  /** Every latch command received, in order. */
  readonly latches: LatchRequest[] = [];

  constructor(
    readonly options: MqttDeviceOptions,
    private readonly onPulse: (pulse: PulseRequest) => void,
  ) {
    this.topic = options.topic ?? `sim-${options.protocol.split('-')[0]}-${crypto.randomBytes(5).toString('hex')}`;
  }

  private get presence() {
    return this.options.protocol === 'shelly-gen2-mqtt'
      ? { topic: `${this.topic}/online`, online: 'true', offline: 'false' }
      : { topic: `tele/${this.topic}/LWT`, online: 'Online', offline: 'Offline' };
  }

  async connect() {
    const presence = this.presence;
    const client = mqtt.connect(this.options.brokerUrl, {
      ...this.options.login,
      clientId: this.options.clientId ?? this.topic,
      clean: true,
      reconnectPeriod: 0,
      // Real relays retain these; the simulator does not, so test runs leave nothing on a shared broker.
      will: { topic: presence.topic, payload: Buffer.from(presence.offline), qos: 1, retain: false },
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    const commands = this.options.protocol === 'shelly-gen2-mqtt' ? `${this.topic}/rpc` : `cmnd/${this.topic}/+`;
    await client.subscribeAsync(commands, { qos: 0 });
    client.on('message', (topic, payload) => this.handle(topic, payload.toString('utf8')));
    await client.publishAsync(presence.topic, presence.online, { qos: 1, retain: false });
    this.client = client;
  }

  get connected() {
    return this.client?.connected ?? false;
  }

  /** Drops the connection without a goodbye, so the broker publishes the last will. */
  async disconnect() {
    const client = this.client;
    this.client = null;
    client?.stream.destroy();
    client?.end(true);
  }

  async setFault(mode: MqttFault, delayMs = 6000) {
    this.fault = mode;
    this.delayMs = delayMs;
    if (mode === 'down') await this.disconnect();
    else if (!this.client) await this.connect();
  }

  /** Publishes an answer, late when the device is slow. */
  private answer(topic: string, body: unknown) {
    const send = () => this.client?.publish(topic, JSON.stringify(body));
    if (this.fault === 'slow') setTimeout(send, this.delayMs);
    else send();
  }

  private handle(topic: string, payload: string) {
    if (this.fault === 'hang' || !this.client) return;
    if (this.options.protocol === 'shelly-gen2-mqtt') this.shellyCall(payload);
    else this.tasmotaCommand(topic.split('/')[2], payload);
  }

  private shellyCall(payload: string) {
    let call: { id?: unknown; src?: unknown; method?: unknown; params?: Record<string, unknown> };
    try {
      call = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof call.src !== 'string') return;
    const answer = (body: Record<string, unknown>) =>
      this.answer(`${call.src}/rpc`, { id: call.id, src: this.topic, dst: call.src, ...body });
    if (call.method !== 'Switch.Set') return answer({ error: { code: 404, message: 'No handler' } });
    const channel = Number(call.params?.id ?? 0);
    const seconds = Number(call.params?.toggle_after ?? 0);
    const on = call.params?.on === true;
    if (seconds > 0) {
      this.latched.delete(channel);
      if (on) this.onPulse({ channel, seconds, command: `Switch.Set id=${channel} toggle_after=${seconds}` });
    } else {
      this.latches.push({ channel, on });
      if (on) this.latched.add(channel);
      else this.latched.delete(channel);
    }
    answer({ result: { was_on: false } });
  }

  private tasmotaCommand(command: string, payload: string) {
    const result = (body: unknown) => this.answer(`stat/${this.topic}/RESULT`, body);
    const steps = (/^backlog$/i.test(command) ? payload : `${command} ${payload}`).split(';').map((s) => s.trim());
    const latch = /^power(\d*)$/i.exec(command);
    if (latch && /^(on|off|1|0)$/i.test(payload.trim())) {
      const index = Number(latch[1] || 1);
      const on = /^(on|1)$/i.test(payload.trim());
      this.latches.push({ channel: index - 1, on });
      if (on) this.latched.add(index - 1);
      else this.latched.delete(index - 1);
      return result({ [`POWER${index}`]: on ? 'ON' : 'OFF' });
    }
    const on = steps.map((step) => /^Power(\d*)\s+(On|1)$/i.exec(step)).find(Boolean);
    if (!on) return result({ Command: 'Unknown' });
    const delay = steps.map((step) => /^Delay\s+(\d+)$/i.exec(step)).find(Boolean);
    const index = Number(on[1] || 1);
    this.latched.delete(index - 1);
    this.onPulse({ channel: index - 1, seconds: delay ? Number(delay[1]) / 10 : 0, command: payload });
    result({ [`POWER${index}`]: 'ON' });
  }
}
