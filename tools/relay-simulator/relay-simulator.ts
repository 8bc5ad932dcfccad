import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import {
  type LatchRequest,
  PROTOCOL_HANDLERS,
  type PulseRequest,
  type SimulatedCredentials,
  type SimulatedProtocol,
} from './device-protocols';
import {
  MQTT_FAULTS,
  type MqttDeviceOptions,
  type MqttFault,
  type MqttProtocol,
  MqttSimulatedDevice,
} from './mqtt-device';

export const FAULT_MODES = ['none', 'down', 'slow', 'error', 'auth', 'hang'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface SimulatedDeviceOptions {
  protocol: SimulatedProtocol;
  name?: string;
  credentials?: SimulatedCredentials | null;
  /** A fixed port (the demo uses these); a free one when absent. */
  port?: number;
}

export interface RecordedPulse extends PulseRequest {
  at: string;
  protocol: SimulatedProtocol | MqttProtocol;
}

/** Told of every pulse any simulated device receives; `npm run relay-simulator` prints them. */
export type PulseListener = (device: { name: string; protocol: string }, pulse: RecordedPulse) => void;

export interface MqttSimulatedDeviceInfo {
  id: string;
  name: string;
  protocol: MqttProtocol;
  /** What to register as mqttTopic. */
  topic: string;
  fault: MqttFault;
  pulses: number;
  /** Whether it holds its connection to the broker now. */
  connected: boolean;
  /** Channels latched on now (held open). */
  latchedOn: number[];
}

export interface SimulatedDeviceInfo {
  id: string;
  name: string;
  protocol: SimulatedProtocol;
  /** What to register as deviceIpAddress. */
  address: string;
  fault: FaultMode;
  pulses: number;
  /** Channels latched on now (held open). */
  latchedOn: number[];
}

const DEFAULT_SLOW_MS = 6000;

/** One fake relay on its own port: its protocol, its faults, and every pulse it received. */
class SimulatedDevice {
  readonly id = crypto.randomUUID();
  readonly pulses: RecordedPulse[] = [];
  fault: FaultMode = 'none';
  delayMs = DEFAULT_SLOW_MS;
  /** Channels latched on with no timer (hold-open); a pulse ends a latch, as a real relay's timer does. */
  readonly latched = new Set<number>();
  /** Every latch command received, in order. */
  readonly latches: LatchRequest[] = [];
  port = 0;
  private server: http.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly options: SimulatedDeviceOptions,
    readonly host: string,
    private readonly onPulse: PulseListener,
  ) {}

  get name() {
    return this.options.name ?? `${this.options.protocol}-${this.id.slice(0, 8)}`;
  }

  info(): SimulatedDeviceInfo {
    const address = `${this.host}:${this.port}`;
    return {
      id: this.id,
      name: this.name,
      protocol: this.options.protocol,
      address,
      fault: this.fault,
      pulses: this.pulses.length,
      latchedOn: [...this.latched].sort(),
    };
  }

  async listen(port = this.options.port ?? 0) {
    const server = http.createServer((request, response) => this.handle(request, response));
    server.keepAliveTimeout = 2000;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async close() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** 'down' closes the port (connection refused); any other mode listens again on the same port. */
  async setFault(mode: FaultMode, delayMs?: number) {
    this.fault = mode;
    if (delayMs !== undefined) this.delayMs = delayMs;
    if (mode === 'down') await this.close();
    else if (!this.server) await this.listen(this.port);
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (this.fault === 'hang') return;
      if (this.fault === 'error') return send(response, 500, { error: 'Internal Server Error' });
      const answer = PROTOCOL_HANDLERS[this.options.protocol]({
        request,
        url: new URL(request.url ?? '/', 'http://relay'),
        body: Buffer.concat(chunks).toString('utf8'),
        credentials: this.options.credentials ?? null,
        refuseAll: this.fault === 'auth',
        realm: `sim-${this.id.slice(0, 8)}`,
      });
      if (answer.latch) this.latches.push(answer.latch);
      if (answer.latch?.on) this.latched.add(answer.latch.channel);
      else if (answer.latch) this.latched.delete(answer.latch.channel);
      if (answer.pulse) {
        this.latched.delete(answer.pulse.channel);
        const pulse = { ...answer.pulse, at: new Date().toISOString(), protocol: this.options.protocol };
        this.pulses.push(pulse);
        this.onPulse({ name: this.name, protocol: this.options.protocol }, pulse);
      }
      const reply = () => send(response, answer.status, answer.body, answer.headers);
      if (this.fault === 'slow') setTimeout(reply, this.delayMs);
      else reply();
    });
  }
}

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (response.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
    ...headers,
  });
  response.end(text);
}

/** A relay that connects out to a broker, with the same pulse record as the HTTP ones. */
class MqttDeviceEntry {
  readonly id = crypto.randomUUID();
  readonly pulses: RecordedPulse[] = [];
  readonly device: MqttSimulatedDevice;

  constructor(options: MqttDeviceOptions, onPulse: PulseListener) {
    this.device = new MqttSimulatedDevice(options, (request) => {
      const pulse = { ...request, at: new Date().toISOString(), protocol: options.protocol };
      this.pulses.push(pulse);
      onPulse({ name: this.device.topic, protocol: options.protocol }, pulse);
    });
  }

  info(): MqttSimulatedDeviceInfo {
    const { device } = this;
    const base = { id: this.id, name: device.topic, protocol: device.options.protocol, topic: device.topic };
    const latchedOn = [...device.latched].sort();
    return { ...base, fault: device.fault, pulses: this.pulses.length, connected: device.connected, latchedOn };
  }

  close() {
    return this.device.disconnect();
  }
}

/** Any number of fake relays in one process: HTTP ones each on its own port, MQTT ones on a broker. */
export class RelaySimulator {
  private readonly devices = new Map<string, SimulatedDevice>();
  private readonly mqttDevices = new Map<string, MqttDeviceEntry>();

  constructor(
    readonly host = '127.0.0.1',
    private readonly onPulse: PulseListener = () => undefined,
  ) {}

  async addDevice(options: SimulatedDeviceOptions): Promise<SimulatedDeviceInfo> {
    const device = new SimulatedDevice(options, this.host, this.onPulse);
    await device.listen();
    this.devices.set(device.id, device);
    return device.info();
  }

  async addMqttDevice(options: MqttDeviceOptions): Promise<MqttSimulatedDeviceInfo> {
    const entry = new MqttDeviceEntry(options, this.onPulse);
    await entry.device.connect();
    this.mqttDevices.set(entry.id, entry);
    return entry.info();
  }

  list(): (SimulatedDeviceInfo | MqttSimulatedDeviceInfo)[] {
    return [...this.devices.values(), ...this.mqttDevices.values()].map((device) => device.info());
  }

  pulses(id: string): RecordedPulse[] {
    return [...this.device(id).pulses];
  }

  /** Whether a relay's channel is latched on now (held open with no timer). */
  isLatchedOn(id: string, channel = 0): boolean {
    const mqttDevice = this.mqttDevices.get(id);
    return (mqttDevice ? mqttDevice.device.latched : this.httpDevice(id).latched).has(channel);
  }

  /** Every latch command (hold or release) a device received, in order. */
  latches(id: string): LatchRequest[] {
    const mqttDevice = this.mqttDevices.get(id);
    return [...(mqttDevice ? mqttDevice.device.latches : this.httpDevice(id).latches)];
  }

  clearPulses(id: string) {
    this.device(id).pulses.length = 0;
  }

  async setFault(id: string, mode: FaultMode, delayMs?: number) {
    const mqttDevice = this.mqttDevices.get(id);
    if (!mqttDevice) return this.httpDevice(id).setFault(mode, delayMs);
    if (!MQTT_FAULTS.includes(mode as MqttFault)) throw new Error(`MQTT devices have no ${mode} fault`);
    await mqttDevice.device.setFault(mode as MqttFault, delayMs);
  }

  async removeDevice(id: string) {
    await this.device(id).close();
    this.devices.delete(id);
    this.mqttDevices.delete(id);
  }

  async close() {
    await Promise.all([...this.devices.values(), ...this.mqttDevices.values()].map((device) => device.close()));
    this.devices.clear();
    this.mqttDevices.clear();
  }

  has(id: string) {
    return this.devices.has(id) || this.mqttDevices.has(id);
  }

  private device(id: string): SimulatedDevice | MqttDeviceEntry {
    return this.mqttDevices.get(id) ?? this.httpDevice(id);
  }

  private httpDevice(id: string): SimulatedDevice {
    const device = this.devices.get(id);
    if (!device) throw new Error(`no simulated device ${id}`);
    return device;
  }
}
