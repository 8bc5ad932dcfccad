import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PULSE_SETTLE_MS } from '../../server/gates/relay-pulse';
import type { SimulatedCredentials, SimulatedProtocol } from '../../tools/relay-simulator/device-protocols';
import type { MqttProtocol } from '../../tools/relay-simulator/mqtt-device';
import type {
  FaultMode,
  MqttSimulatedDeviceInfo,
  RecordedPulse,
  SimulatedDeviceInfo,
} from '../../tools/relay-simulator/relay-simulator';
import { freePort } from './gatehouse-server';

export type { RecordedPulse };

/**
 * Waits out the hold of the pulse a test just saw answered (decision 0071): a press inside it joins
 * that pulse, so a test that needs the gate pulsed again waits this long after the answer. The
 * gates these tests register keep the default one-second on-time, so the settle window is the hold.
 */
export const afterPulseHold = () => new Promise((resolve) => setTimeout(resolve, PULSE_SETTLE_MS));

/** One fake relay of a running simulator, as a test sees it. */
export interface FakeRelay {
  id: string;
  /** Register this as the device's `deviceIpAddress` (host:port, one port per fake device). */
  address: string;
  protocol: SimulatedProtocol;
  /** Every pulse the fake relay received, oldest first. */
  pulses(): Promise<RecordedPulse[]>;
  clearPulses(): Promise<void>;
  /** Whether channel 0 is latched on now (held open with no timer). */
  isLatchedOn(): Promise<boolean>;
  setFault(mode: FaultMode, delayMs?: number): Promise<void>;
  /** Connection refused until `healthy()`. */
  down(): Promise<void>;
  /** Answers after `delayMs` (default 6 s, beyond the server's 5 s limit). */
  slow(delayMs?: number): Promise<void>;
  /** HTTP 500 to everything. */
  error500(): Promise<void>;
  /** Refuses every credential (401). */
  wrongCredentials(): Promise<void>;
  /** Accepts the connection and never answers. */
  hang(): Promise<void>;
  healthy(): Promise<void>;
}

/** A fake relay that connects out to an MQTT broker under `topic`. */
export interface FakeMqttRelay {
  id: string;
  topic: string;
  pulses(): Promise<RecordedPulse[]>;
}

export interface RunningRelaySimulator {
  controlUrl: string;
  addMqttDevice(options: { protocol: MqttProtocol; brokerUrl: string; topic: string }): Promise<FakeMqttRelay>;
  addDevice(options?: {
    protocol?: SimulatedProtocol;
    credentials?: SimulatedCredentials;
    name?: string;
  }): Promise<FakeRelay>;
  stop(): Promise<void>;
}

async function control<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`relay simulator ${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts `tools/relay-simulator` in its own process on a free port of 127.0.0.1. */
export async function startRelaySimulator(): Promise<RunningRelaySimulator> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.resolve('node_modules/.bin/tsx'),
    ['tools/relay-simulator/main.ts', '--port', String(port), '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 30_000;
  while (!output.includes('Relay simulator listening')) {
    if (child.exitCode !== null) throw new Error(`relay simulator exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`relay simulator did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const controlUrl = `http://127.0.0.1:${port}`;

  const relayFor = (info: SimulatedDeviceInfo): FakeRelay => {
    const base = `${controlUrl}/devices/${info.id}`;
    const setFault = async (mode: FaultMode, delayMs?: number) => {
      await control(`${base}/fault`, 'PUT', { mode, delayMs });
    };
    return {
      id: info.id,
      address: info.address,
      protocol: info.protocol,
      pulses: async () => (await control<{ pulses: RecordedPulse[] }>(`${base}/pulses`, 'GET')).pulses,
      clearPulses: async () => {
        await control(`${base}/pulses`, 'DELETE');
      },
      isLatchedOn: async () => {
        const { devices } = await control<{ devices: SimulatedDeviceInfo[] }>(`${controlUrl}/devices`, 'GET');
        return devices.find((device) => device.id === info.id)?.latchedOn.includes(0) ?? false;
      },
      setFault,
      down: () => setFault('down'),
      slow: (delayMs = 6000) => setFault('slow', delayMs),
      error500: () => setFault('error'),
      wrongCredentials: () => setFault('auth'),
      hang: () => setFault('hang'),
      healthy: () => setFault('none'),
    };
  };

  return {
    controlUrl,
    addDevice: async (options = {}) =>
      relayFor(
        await control<SimulatedDeviceInfo>(`${controlUrl}/devices`, 'POST', {
          protocol: options.protocol ?? 'shelly-gen1',
          credentials: options.credentials,
          name: options.name,
        }),
      ),
    addMqttDevice: async (options) => {
      const info = await control<MqttSimulatedDeviceInfo>(`${controlUrl}/devices`, 'POST', options);
      const pulses = `${controlUrl}/devices/${info.id}/pulses`;
      return {
        id: info.id,
        topic: info.topic,
        pulses: async () => (await control<{ pulses: RecordedPulse[] }>(pulses, 'GET')).pulses,
      };
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
