// Press-to-pulse latency of an MQTT relay against a direct HTTP relay, in the same run: presses
// alternate between a Shelly Gen2 over HTTP, a Shelly Gen2+ over MQTT and a Tasmota over MQTT,
// on Mosquitto (MQTT_URL, default mqtt://127.0.0.1:1883) and on the embedded broker. A press is
// `openGate` in the real app (the pulse, the relay log row committed); "pulse" is when the
// simulated relay receives the command, "answered" when the press returns. The limits and HTTP
// routing in front of the press are the same for every relay kind, so they are left out.
// `npx tsx bench/mqtt-relay.bench.ts` (BENCH_REQUESTS presses per kind, default 200); writes
// bench/results/mqtt-relay.json. PGlite by default; DB_KIND=postgres with DATABASE_URL for PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { gateDependencies, openGate } from '../server/gates/gate-decision';
import { seedMqttGate, seedSimulatedGate } from '../test/support/gate-test-support';
import { createTestApp, seedProperty } from '../test/support/test-app';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';

const PRESSES = Number(process.env.BENCH_REQUESTS ?? 200);
const MOSQUITTO_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const logDetails = { callerType: 'user' as const, reason: 'benchmark' };

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { presses: sorted.length, p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)) };
};

/** The moment each relay last received a pulse, by the simulator's id of it. */
const pulseAt = new Map<string, number>();
const idOfName = new Map<string, string>();
const listening = new RelaySimulator('127.0.0.1', (device) =>
  pulseAt.set(idOfName.get(device.name) ?? '', performance.now()),
);

async function measure(broker: string, overrides: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(overrides);
  try {
    const brokerUrl = t.app.mqttBroker?.url ?? MOSQUITTO_URL;
    const login = Boolean(t.app.mqttBroker);
    const propertyId = (await seedProperty(t.app)).id;
    const gates = {
      directHttp: await seedSimulatedGate(t.app, listening, propertyId, {
        protocol: 'shelly-gen2',
        name: `http-${broker}`,
      }),
      shellyMqtt: await seedMqttGate(t.app, listening, propertyId, { protocol: 'shelly-gen2-mqtt', brokerUrl, login }),
      tasmotaMqtt: await seedMqttGate(t.app, listening, propertyId, { protocol: 'tasmota-mqtt', brokerUrl, login }),
    };
    for (const gate of Object.values(gates)) idOfName.set(gate.relay.name, gate.relay.id);
    const times: Record<string, { pulse: number[]; answered: number[] }> = {};
    const press = async (app: FastifyInstance, kind: keyof typeof gates) => {
      const { device, relay } = gates[kind];
      pulseAt.delete(relay.id);
      const start = performance.now();
      const opening = await openGate(gateDependencies(app), { device, logDetails });
      const answered = performance.now() - start;
      const pulsed = pulseAt.get(relay.id);
      if (opening.status !== 'success' || pulsed === undefined) throw new Error(`${kind}: ${opening.error}`);
      times[kind] ??= { pulse: [], answered: [] };
      times[kind].pulse.push(pulsed - start);
      times[kind].answered.push(answered);
    };
    const kinds = Object.keys(gates) as (keyof typeof gates)[];
    for (let n = 0; n < 10; n++) for (const kind of kinds) await press(t.app, kind);
    for (const kind of kinds) delete times[kind];
    for (let n = 0; n < PRESSES; n++) for (const kind of kinds) await press(t.app, kind);
    return Object.fromEntries(
      kinds.map((kind) => [
        kind,
        { pressToPulse: summary(times[kind].pulse), pressToAnswer: summary(times[kind].answered) },
      ]),
    );
  } finally {
    await t.close();
  }
}

const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  database: process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite',
  cpus: os.cpus().length,
  loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  note: 'presses alternate between the three relays; directHttp is the Shelly Gen2 HTTP driver on the simulator',
};
try {
  results.mosquitto = await measure('mosquitto', { mqttUrl: MOSQUITTO_URL });
  console.log('mosquitto', JSON.stringify(results.mosquitto));
  results.embeddedBroker = await measure('embedded', { mqttPort: 0 });
  console.log('embedded', JSON.stringify(results.embeddedBroker));
} finally {
  await listening.close();
}
const file = path.join('bench', 'results', 'mqtt-relay.json');
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote ${file}`);
process.exit(0);
