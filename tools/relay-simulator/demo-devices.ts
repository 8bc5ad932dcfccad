import type { SimulatedDeviceOptions } from './relay-simulator';

/** The fake relays `npm run seed:demo` registers and `npm run relay-simulator -- --demo` serves. */
export const DEMO_DEVICES: (SimulatedDeviceOptions & { name: string; label: string; port: number })[] = [
  { name: 'Main Gate', label: 'Front entrance', protocol: 'shelly-gen1', port: 18181 },
  {
    name: 'Service Gate',
    label: 'Deliveries',
    protocol: 'shelly-gen2',
    port: 18182,
    credentials: { username: 'admin', password: 'demo-relay-pass' },
  },
  { name: 'Garage Gate', label: 'Underground parking', protocol: 'tasmota', port: 18183 },
];
