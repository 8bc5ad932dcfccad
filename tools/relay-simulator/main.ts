// `npm run relay-simulator -- [--port 8180] [--host 127.0.0.1] [--demo] [--mqtt mqtt://127.0.0.1:1883]`: fake relays for tests and demos.
import { startControlServer } from './control-server';
import { DEMO_DEVICES } from './demo-devices';
import { MQTT_PROTOCOLS } from './mqtt-device';
import { RelaySimulator } from './relay-simulator';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const host = option('host') ?? '127.0.0.1';
const simulator = new RelaySimulator(host, (device, pulse) =>
  console.log(
    `${pulse.at} pulse: ${device.name} (${device.protocol}) channel ${pulse.channel}, ${pulse.seconds} s: ${pulse.command}`,
  ),
);
const control = await startControlServer(simulator, Number(option('port') ?? 8180), host);
if (process.argv.includes('--demo')) {
  for (const device of DEMO_DEVICES) {
    const info = await simulator.addDevice(device);
    console.log(`  ${device.name} (${device.protocol}) at ${info.address}`);
  }
}
const brokerUrl = option('mqtt');
if (brokerUrl && process.argv.includes('--demo')) {
  for (const protocol of MQTT_PROTOCOLS) {
    const info = await simulator.addMqttDevice({ protocol, brokerUrl });
    console.log(`  ${info.name} (${protocol}) on ${brokerUrl}, topic ${info.topic}`);
  }
}
console.log(`Relay simulator listening on http://${host}:${control.port}`);

const stop = async () => {
  await simulator.close();
  control.server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
