import http from 'node:http';
import type net from 'node:net';
import { SIMULATED_PROTOCOLS, type SimulatedProtocol } from './device-protocols';
import { MQTT_PROTOCOLS, type MqttProtocol } from './mqtt-device';
import { FAULT_MODES, type FaultMode, type RelaySimulator } from './relay-simulator';

/**
 * The simulator's own HTTP control API, for tests in another process and for people:
 * POST /devices {protocol, credentials?, name?, port?} or {protocol: shelly-gen2-mqtt|tasmota-mqtt,
 * brokerUrl, topic?, login?}; GET /devices; GET|DELETE /devices/:id/pulses;
 * PUT /devices/:id/fault {mode, delayMs?}; DELETE /devices/:id.
 */
export async function startControlServer(simulator: RelaySimulator, port: number, host: string) {
  const server = http.createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const body = await readJson(request);
      const [, collection, id, part] = (request.url ?? '/').split('?')[0].split('/');
      if (collection !== 'devices') return reply(404, { message: 'unknown path' });
      if (!id) {
        if (request.method === 'GET') return reply(200, { devices: simulator.list() });
        if (request.method !== 'POST') return reply(405, { message: 'method not allowed' });
        if (isMqttProtocol(body.protocol)) {
          if (!body.brokerUrl) return reply(400, { message: 'brokerUrl: the broker an MQTT device connects to' });
          const { protocol, brokerUrl, topic, login } = body;
          return reply(201, await simulator.addMqttDevice({ protocol, brokerUrl, topic, login }));
        }
        if (!body.protocol || !SIMULATED_PROTOCOLS.includes(body.protocol))
          return reply(400, { message: `protocol: one of ${SIMULATED_PROTOCOLS}` });
        const device = await simulator.addDevice({
          protocol: body.protocol,
          name: body.name,
          credentials: body.credentials ?? null,
          port: body.port,
        });
        return reply(201, device);
      }
      if (!simulator.has(id)) return reply(404, { message: 'unknown device' });
      if (part === 'pulses' && request.method === 'GET') return reply(200, { pulses: simulator.pulses(id) });
      if (part === 'pulses' && request.method === 'DELETE') {
        simulator.clearPulses(id);
        return reply(200, { pulses: [] });
      }
      if (part === 'fault' && request.method === 'PUT') {
        if (!body.mode || !FAULT_MODES.includes(body.mode))
          return reply(400, { message: `mode: one of ${FAULT_MODES}` });
        await simulator.setFault(id, body.mode, body.delayMs);
        return reply(200, { mode: body.mode });
      }
      if (!part && request.method === 'DELETE') {
        await simulator.removeDevice(id);
        return reply(200, {});
      }
      return reply(404, { message: 'unknown path' });
    } catch (error) {
      return reply(500, { message: String(error) });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as net.AddressInfo).port };
}

const isMqttProtocol = (protocol: unknown): protocol is MqttProtocol =>
  MQTT_PROTOCOLS.includes(protocol as MqttProtocol);

interface ControlBody {
  protocol?: SimulatedProtocol | MqttProtocol;
  brokerUrl?: string;
  topic?: string;
  login?: { username: string; password: string };
  name?: string;
  credentials?: { username: string; password: string } | null;
  port?: number;
  mode?: FaultMode;
  delayMs?: number;
}

async function readJson(request: http.IncomingMessage): Promise<ControlBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}
