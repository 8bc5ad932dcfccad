import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import type { ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import type { PropertyFeature } from '../core/constants';
import { formatWall } from '../core/time/zoned-time';
import { apiCall, apiToken } from './support/api';
import type { Credentials, test } from './support/fixtures';
import type { Mailbox } from './support/mailbox';
import { type FakeRelay, type RunningRelaySimulator, startRelaySimulator } from './support/relay-simulator';
import { createProperty, createUser, type SeededProperty, unique } from './support/seed';

export const ZONE = 'America/New_York';
const HOUR = 3600_000;

/** Wall date and time at the property, `hours` from now, on the hour (the pickers step by 60 minutes). */
export function wallHoursFromNow(hours: number) {
  const onTheHour = Math.floor(Date.now() / HOUR) * HOUR;
  return formatWall(new Date(onTheHour + hours * HOUR), ZONE);
}

export const wallDaysFromNow = (days: number) => formatWall(new Date(Date.now() + days * 24 * HOUR), ZONE);

/** What a QR code in a PNG image encodes. */
export function decodeQr(image: Buffer): string {
  const png = PNG.sync.read(image);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('the QR image does not decode');
  return decoded.data;
}

/** What the QR image in an email encodes. */
export function qrTokenOf(mail: ParsedMail): string {
  const image = mail.attachments.find((a) => a.contentType === 'image/png');
  if (!image) throw new Error(`no PNG in ${mail.subject}`);
  return decodeQr(image.content);
}

export interface GateWorld {
  rootToken: string;
  property: SeededProperty;
  resident: Credentials & { id: string };
  residentToken: string;
  relay: FakeRelay;
  deviceId: string;
  deviceName: string;
  deviceKey: string;
}

/** The signed-in person's id, as the API token carries it. */
export const userIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).UID as string;

/** A property with a resident and a gate on the relay simulator, all made through the real API. */
export async function gateWorld(
  request: APIRequestContext,
  mailbox: Mailbox,
  superadmin: Credentials,
  simulator: RunningRelaySimulator,
  propertyFeatures: PropertyFeature[] = [],
  deviceName = unique('Main Gate'),
): Promise<GateWorld> {
  const rootToken = await apiToken(request, superadmin);
  const property = await createProperty(request, rootToken, { propertyFeatures });
  const user = await createUser(request, rootToken, mailbox, {
    role: 'resident',
    propertyId: property._id,
    firstName: 'Rita',
    lastName: 'Resident',
  });
  const residentToken = await apiToken(request, user);
  const relay = await simulator.addDevice();
  const device = await apiCall<{ _id: string; deviceKey: string }>(request, rootToken, 'POST', '/api/device/register', {
    deviceName,
    deviceType: 'gate',
    deviceLabel: '',
    deviceIpAddress: relay.address,
    propertyId: property._id,
  });
  return {
    rootToken,
    property,
    resident: { ...user, id: userIdOf(residentToken) },
    residentToken,
    relay,
    deviceId: device._id,
    deviceName,
    deviceKey: device.deviceKey,
  };
}

export async function scanAtGate(request: APIRequestContext, world: GateWorld, code: string) {
  const response = await request.post('/api/access/qr', {
    data: { code },
    headers: { authorization: `Bearer ${world.deviceKey}` },
  });
  return (await response.json()) as {
    granted: boolean;
    reason: string;
    visitor?: { firstName: string; lastName: string };
  };
}

/** Fills the visitor's name and email on Register Visitor. */
export async function fillVisitor(page: Page, visitor: { firstName: string; lastName: string; email: string }) {
  await page.getByLabel('First Name').fill(visitor.firstName);
  await page.getByLabel('Last Name').fill(visitor.lastName);
  await page.getByLabel('Email').fill(visitor.email);
}

export async function chooseDateOption(page: Page, option: 'Between Dates' | 'Recurring Weekdays' | 'Specific Dates') {
  await page.getByRole('combobox', { name: 'Date Option' }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function fillWallDateTime(
  page: Page,
  label: string,
  value: { date: string; time: string },
  scope = page.locator('body'),
) {
  await scope.getByLabel(label, { exact: true }).fill(value.date);
  await scope.getByLabel(`${label} time`, { exact: true }).fill(value.time);
}

export async function submitRegistration(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('dialog', { name: 'Registration Successful!' }).getByRole('button', { name: 'OK' }).click();
}

/** One relay simulator process for a spec file; call at the top level of the file. */
export function relaySimulatorPerFile(suite: typeof test): () => RunningRelaySimulator {
  let simulator: RunningRelaySimulator | null = null;
  suite.beforeAll(async () => {
    simulator = await startRelaySimulator();
  });
  suite.afterAll(async () => {
    await simulator?.stop();
  });
  return () => {
    if (!simulator) throw new Error('the relay simulator is not running');
    return simulator;
  };
}
