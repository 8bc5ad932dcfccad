// `npm run seed:demo`: a demo property with a manager, residents, visitors, gate devices on the relay simulator and
// some gate activity, in the database `npm start` uses (DATA_DIR or DATABASE_URL). Run it while the server
// is stopped (PGlite allows one owner), then `npm run relay-simulator -- --demo` and
// `ALLOW_LOCAL_DEVICES=1 npm start`. Running it again adds activity but no duplicates.

import { todayIn } from '@core/time/zoned-time';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app/app';
import type { DeviceRow } from '../server/device-records/device-row';
import { deviceAtAddress, insertDevice } from '../server/device-records/device-store';
import { sealCredentials } from '../server/devices/device-credentials';
import { gateDependencies, openGate } from '../server/gates/gate-decision';
import { randomToken, sha256Hex } from '../server/platform/crypto/keys';
import { connectDatabase } from '../server/platform/db/connect';
import { loadConfig } from '../server/platform/settings/config';
import { insertProperty, propertyNamed } from '../server/property-records/property-queries';
import { DEMO_PASSWORD, seedDemoPeople } from './demo-people';
import { DEMO_DEVICES } from './relay-simulator/demo-devices';
import { RelaySimulator } from './relay-simulator/relay-simulator';

const DEMO_PROPERTY = { propertyName: 'Maple Grove', propertyLocation: '100 Maple Grove Drive, Springfield' };
const DEMO_MANAGER = {
  firstName: 'Morgan',
  lastName: 'Manager',
  email: 'manager@maple-grove.example',
  phoneNumber: null,
};

async function demoProperty(app: FastifyInstance) {
  const existing = await propertyNamed(app.db, DEMO_PROPERTY.propertyName);
  return existing ?? insertProperty(app.db, { ...DEMO_PROPERTY, propertyFeatures: ['qr', 'securepin'] });
}

async function demoDevice(app: FastifyInstance, propertyId: string, demo: (typeof DEMO_DEVICES)[number]) {
  const deviceIpAddress = `127.0.0.1:${demo.port}`;
  const existing = await deviceAtAddress(app.db, propertyId, deviceIpAddress);
  if (existing) return existing;
  return insertDevice(app.db, {
    propertyId,
    deviceName: demo.name,
    deviceLabel: demo.label,
    deviceIpAddress,
    driver: demo.protocol,
    credentialsEncrypted: demo.credentials ? sealCredentials(app.config.secret, demo.credentials) : null,
    deviceKeyHash: sha256Hex(randomToken()),
  });
}

/** Serves the demo relays for the activity below, unless a simulator already serves them. */
async function demoSimulator(): Promise<RelaySimulator | null> {
  const simulator = new RelaySimulator();
  try {
    for (const device of DEMO_DEVICES) await simulator.addDevice(device);
    return simulator;
  } catch {
    await simulator.close();
    return null;
  }
}

async function main() {
  const config = { ...loadConfig(), allowLocalDevices: true, logLevel: 'warn' };
  const database = await connectDatabase(config);
  const app = await buildApp(config, database);
  const simulator = await demoSimulator();
  try {
    const property = await demoProperty(app);
    const gates: DeviceRow[] = [];
    for (const demo of DEMO_DEVICES) gates.push(await demoDevice(app, property.id, demo));
    const logDetails = { callerType: 'user' as const, userDetails: DEMO_MANAGER };
    const opener = gateDependencies(app);
    for (const gate of gates) {
      const opening = await openGate(opener, { device: gate, logDetails });
      console.log(`  opened ${gate.deviceName}: ${opening.status}`);
    }
    const garage = simulator?.list().find((device) => device.name === 'Garage Gate');
    if (simulator && garage) {
      await simulator.setFault(garage.id, 'down');
      const opening = await openGate(opener, { device: gates[2], logDetails });
      console.log(`  opened ${gates[2].deviceName} while its relay was down: ${opening.status}`);
    }
    const people = await seedDemoPeople(app, property.id, todayIn(property.timeZone, app.config.now()));
    console.log(`Demo property "${property.propertyName}" with ${gates.length} gates is ready.`);
    for (const { email, role } of people) console.log(`  ${role.padEnd(8)} ${email}  password: ${DEMO_PASSWORD}`);
    console.log('Next: npm run relay-simulator -- --demo   and   ALLOW_LOCAL_DEVICES=1 npm start');
  } finally {
    await simulator?.close();
    await app.close();
    await database.close();
  }
}

await main();
