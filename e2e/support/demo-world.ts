import type { APIRequestContext } from '@playwright/test';
import { apiCall, apiToken } from './api';
import type { Credentials } from './fixtures';
import type { Mailbox } from './mailbox';
import type { RunningRelaySimulator } from './relay-simulator';
import { createProperty, createUser, type SeededProperty, unique, uniqueEmail } from './seed';

/** Screens as the demo shows them: long names, addresses and emails, failures in the gate log. */
export interface DemoWorld {
  rootToken: string;
  property: SeededProperty;
  resident: Credentials;
  residentToken: string;
  admin: Credentials;
  visitorId: string;
  deliveryLink: string;
}

const HOUR = 3600_000;
const wall = (instant: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
};

export async function demoWorld(
  request: APIRequestContext,
  mailbox: Mailbox,
  superadmin: Credentials,
  simulator: RunningRelaySimulator,
): Promise<DemoWorld> {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken, {
    propertyName: unique('Whispering Pines Residential Community Association'),
    propertyLocation: '1200 North Lakeshore Boulevard, Building C, Springfield, Illinois 62704',
    propertyFeatures: ['securepin', 'rfid'],
  });
  const resident = await createUser(request, rootToken, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Maximiliana-Josephine',
    lastName: 'Worthington-Fairbanks',
    phoneNumber: '5551234567',
    email: uniqueEmail('maximiliana.josephine.worthington-fairbanks'),
  });
  const admin = await createUser(request, rootToken, mailbox, {
    role: 'admin',
    propertyId: property._id,
    firstName: 'Bartholomew',
    lastName: 'Featherstonehaugh-Cholmondeley',
    phoneNumber: '5559876543',
  });
  const residentToken = await apiToken(request, resident);
  let visitorId = '';
  for (const name of ['Alexandrina', 'Konstantinos', 'Guinevere']) {
    const start = wall(new Date(Date.now() - HOUR));
    const end = wall(new Date(Date.now() + 5 * HOUR));
    const visitor = await apiCall<{ _id: string }>(request, residentToken, 'POST', '/api/visitor/register', {
      firstName: name,
      lastName: 'Papadopoulou-Vanderbilt',
      email: uniqueEmail(`${name.toLowerCase()}.papadopoulou-vanderbilt`),
      qrType: 'betweenDates',
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
    });
    visitorId ||= visitor._id;
  }
  const relay = await simulator.addDevice();
  const device = await apiCall<{ _id: string }>(request, rootToken, 'POST', '/api/device/register', {
    deviceName: 'North Service Entrance Barrier',
    deviceType: 'gate',
    deviceLabel: 'Behind the clubhouse, next to the waste collection area',
    deviceIpAddress: relay.address,
    propertyId: property._id,
  });
  const open = () =>
    request.post('/api/device/trigger-relay', {
      data: { deviceId: device._id, propertyId: property._id },
      headers: { authorization: `Bearer ${residentToken}` },
    });
  await open();
  await relay.down();
  await open();
  await relay.healthy();
  const { pass } = await apiCall<{ pass: { link: string } }>(request, residentToken, 'POST', '/api/delivery-passes', {
    name: 'Christopher',
    company: 'Worldwide Express Parcel Services',
    hours: 3,
    uses: 2,
  });
  return { rootToken, property, resident, residentToken, admin, visitorId, deliveryLink: pass.link };
}
