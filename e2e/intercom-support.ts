import { request as apiRequest, type Browser, expect, type Page } from '@playwright/test';
import type { PropertyFeature } from '../core/constants';
import { LOGIN_PATHS } from '../core/roles';
import { spawnGatehouse, TEST_SUPERADMIN } from '../test/support/gatehouse-process';
import { apiCall } from './support/api';
import { type RunningCoturn, startCoturn } from './support/coturn';
import type { Credentials } from './support/fixtures';
import { type RunningServer, startGatehouse } from './support/gatehouse-server';
import type { Mailbox } from './support/mailbox';
import type { RunningRelaySimulator } from './support/relay-simulator';
import { mediaBrowser, watchPeers } from './support/webrtc-probes';
import { type GateWorld, gateWorld } from './visitors-support';

export const TABLET = { width: 1024, height: 768 };

/** One or two real servers on one database, with TURN pointed at a real coturn the test started. */
export interface IntercomSite {
  coturn: RunningCoturn;
  /** Where the reader connects. */
  readerURL: string;
  /** Where the resident's app connects: the same process, or a second one on the same PostgreSQL. */
  residentURL: string;
  stop(): Promise<void>;
}

export async function startIntercomSite(mailbox: Mailbox, processes: 1 | 2): Promise<IntercomSite> {
  const coturn = await startCoturn();
  // Processes that share a database share the master secret.
  const env = { SMTP_URL: mailbox.url, ...coturn.env, JWT_SECRET: 'intercom-e2e-secret-0123456789abcdef' };
  const first: RunningServer = await startGatehouse(env);
  const second = processes === 2 ? await spawnGatehouse({ databaseUrl: first.databaseUrl, env }) : null;
  return {
    coturn,
    readerURL: first.baseURL,
    residentURL: second?.baseURL ?? first.baseURL,
    stop: async () => {
      await second?.stop();
      await first.stop();
      await coturn.stop();
    },
  };
}

/** A property with the Intercom feature, a resident (Rita Resident, "Rita R.") and a gate on the simulator. */
export async function intercomWorld(site: IntercomSite, mailbox: Mailbox, simulator: RunningRelaySimulator) {
  const request = await apiRequest.newContext({ baseURL: site.readerURL });
  const superadmin: Credentials = { ...TEST_SUPERADMIN, role: 'superadmin' };
  const world: GateWorld = await gateWorld(request, mailbox, superadmin, simulator, ['intercom' as PropertyFeature]);
  return { world, request };
}

/** A page of its own Chromium (fake camera and microphone), relay-only ICE (`?ice=relay`, decision 0096). */
export async function mediaPage(baseURL: string, viewport = TABLET): Promise<{ browser: Browser; page: Page }> {
  const browser = await mediaBrowser();
  const context = await browser.newContext({ baseURL, viewport, permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await watchPeers(page);
  return { browser, page };
}

/** The gate tablet, paired by its device key, relay-only. */
export async function openReader(page: Page, deviceKey: string) {
  await page.goto(`/reader?ice=relay#key=${encodeURIComponent(deviceKey)}`);
  await expect(page.getByRole('button', { name: 'Call a resident' })).toBeVisible();
}

/** The resident signed in to the app, relay-only, waiting for calls (the ringing stream is open). */
export async function residentWaiting(page: Page, resident: Credentials) {
  await page.goto(`${LOGIN_PATHS.resident}?ice=relay`);
  await page.getByLabel('Email').fill(resident.email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(resident.password);
  const listening = page.waitForRequest((request) => request.url().includes('/api/intercom/calls?status=ringing'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await listening;
}

/** At the gate: "Call a resident", a few letters in Name, a tap on the name. */
export async function callFromGate(reader: Page, letters: string, displayName: string) {
  await reader.getByRole('button', { name: 'Call a resident' }).click();
  await reader.getByLabel('Name').fill(letters);
  await reader.getByRole('button', { name: displayName }).click();
  await expect(reader.getByText(`Calling ${displayName}…`)).toBeVisible();
}

/** The property's gate log rows, as the super administrator reads them. */
export const gateLog = (request: Parameters<typeof apiCall>[0], world: GateWorld) =>
  apiCall<{ logs: { credential?: string | null; status: string; userDetails: { firstName: string } | null }[] }>(
    request,
    world.rootToken,
    'GET',
    `/api/relay-logs/property/${world.property._id}?timezone=UTC`,
  ).then((answer) => answer.logs);
