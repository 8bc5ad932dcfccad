import type { Browser, Page } from '@playwright/test';
import {
  callFromGate,
  gateLog,
  type IntercomSite,
  intercomWorld,
  mediaPage,
  openReader,
  residentWaiting,
  startIntercomSite,
} from './intercom-support';
import { moderateOrWorseFindings } from './support/axe';
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, shoot } from './support/screens';
import { framesShown, inboundPackets, selectedCandidateTypes } from './support/webrtc-probes';
import { relaySimulatorPerFile } from './visitors-support';

// A visitor at the gate calls a resident: two real Chromiums with fake cameras and microphones,
// both held to relayed candidates only (`?ice=relay`, decision 0096), through a real coturn that the
// test starts and the server signs TURN credentials for. Nothing of WebRTC is mocked.
const simulator = relaySimulatorPerFile(test);
const browsers: Browser[] = [];
let site: IntercomSite | null = null;

test.afterEach(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  await site?.stop();
  site = null;
});

async function twoSides(readerURL: string, residentURL: string) {
  const reader = await mediaPage(readerURL);
  const resident = await mediaPage(residentURL, DESKTOP);
  browsers.push(reader.browser, resident.browser);
  return { reader: reader.page, resident: resident.page };
}

/** Screenshots at 1280x800 and 390x844 (SCREENS_PHASE set) and axe clean, of the state on screen. */
async function review(page: Page, name: string) {
  await shoot(page, `intercom-${name}`, ['tablet', 'desktop', 'phone'], 43);
  expect(await moderateOrWorseFindings(page), `axe on ${name}`).toEqual([]);
}

async function callAnsweredOpenedAndLogged(processes: 1 | 2, mailbox: Parameters<typeof startIntercomSite>[0]) {
  site = await startIntercomSite(mailbox, processes);
  const { world, request } = await intercomWorld(site, mailbox, simulator());
  const { reader, resident } = await twoSides(site.readerURL, site.residentURL);
  await openReader(reader, world.deviceKey);
  await residentWaiting(resident, world.resident);

  await callFromGate(reader, 'ri', 'Rita R.');
  await review(reader, 'reader-calling');
  const ringing = resident.getByRole('alertdialog', { name: `${world.deviceName} is calling` });
  await expect(ringing).toBeVisible();
  await expect(ringing.getByRole('img', { name: `The caller at ${world.deviceName}` })).toBeVisible();
  await review(resident, 'ringing-panel');

  await ringing.getByRole('button', { name: 'Answer' }).click();
  await expect(resident).toHaveURL(/\/calls\/[^/]+$/);
  // The caller's live picture: frames keep arriving, not one frozen frame.
  await expect
    .poll(() => framesShown(resident, '[data-testid="caller-video"]'), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const shown = await framesShown(resident, '[data-testid="caller-video"]');
  await expect.poll(() => framesShown(resident, '[data-testid="caller-video"]')).toBeGreaterThan(shown);
  // The resident's voice at the gate.
  await expect.poll(() => inboundPackets(reader, 'audio'), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(reader.getByText('Talking to Rita R.')).toBeVisible();
  // Both sides through the TURN server only.
  expect(await selectedCandidateTypes(reader)).toEqual(['relay', 'relay']);
  expect(await selectedCandidateTypes(resident)).toEqual(['relay', 'relay']);
  expect(site.coturn.log()).toMatch(/ALLOCATE processed, success/);
  await review(resident, 'call-screen');

  await resident.getByRole('button', { name: 'Open gate' }).click();
  await expect(resident.getByText('Gate opened')).toBeVisible();
  await expect(reader.getByText('Gate opened')).toBeVisible();
  await review(reader, 'reader-gate-opened');
  await expect.poll(async () => (await world.relay.pulses()).length).toBe(1);
  const rows = await gateLog(request, world);
  expect(rows.filter((row) => row.credential === 'intercom')).toHaveLength(1);
  expect(rows[0]).toMatchObject({ credential: 'intercom', userDetails: { firstName: 'Rita' } });

  await resident.getByRole('button', { name: 'Hang up' }).click();
  await expect(reader.getByText('Rita R. hung up.')).toBeVisible();
  expect(await world.relay.pulses()).toHaveLength(1);
  await request.dispose();
}

test('the resident sees and hears the caller through TURN, opens from the call, and the log has the row', async ({
  mailbox,
}) => {
  test.setTimeout(180_000);
  await callAnsweredOpenedAndLogged(1, mailbox);
});

// Two processes share a database only on PostgreSQL: this runs whenever DATABASE_URL is set, as in CI.
if (process.env.DATABASE_URL) {
  test('the same call with the reader and the resident on two processes of one PostgreSQL', async ({ mailbox }) => {
    test.setTimeout(180_000);
    await callAnsweredOpenedAndLogged(2, mailbox);
  });
}

test('Decline: the reader says the resident cannot come and offers to call someone else', async ({ mailbox }) => {
  test.setTimeout(120_000);
  site = await startIntercomSite(mailbox, 1);
  const { world, request } = await intercomWorld(site, mailbox, simulator());
  const { reader, resident } = await twoSides(site.readerURL, site.residentURL);
  await openReader(reader, world.deviceKey);
  await residentWaiting(resident, world.resident);

  await callFromGate(reader, 'res', 'Rita R.');
  const ringing = resident.getByRole('alertdialog', { name: `${world.deviceName} is calling` });
  await ringing.getByRole('button', { name: 'Decline' }).click();
  await expect(reader.getByText("Rita R. can't come to the gate right now.")).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Call someone else' })).toBeVisible();
  await review(reader, 'reader-declined');
  await expect(ringing).toHaveCount(0);
  expect(await world.relay.pulses()).toHaveLength(0);
  await request.dispose();
});

test('unanswered, the call stops ringing after its 30 seconds: "No answer" at the gate, missed in the app', async ({
  mailbox,
}) => {
  test.setTimeout(180_000);
  site = await startIntercomSite(mailbox, 1);
  const { world, request } = await intercomWorld(site, mailbox, simulator());
  const { reader, resident } = await twoSides(site.readerURL, site.residentURL);
  await openReader(reader, world.deviceKey);
  await residentWaiting(resident, world.resident);

  await callFromGate(reader, 'Rita', 'Rita R.');
  const ringing = resident.getByRole('alertdialog', { name: `${world.deviceName} is calling` });
  await expect(ringing).toBeVisible();
  // The server ends it when its ring deadline passes; this waits for that state, not for a time.
  await expect(reader.getByText('No answer')).toBeVisible({ timeout: 120_000 });
  await expect(reader.getByRole('button', { name: 'Call someone else' })).toBeVisible();
  await review(reader, 'reader-no-answer');
  await expect(ringing).toHaveCount(0);
  // In the bell, at the top of its list, linking to the call.
  await resident.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(resident.getByRole('link', { name: `Missed call from ${world.deviceName}` })).toBeVisible();
  await resident.goto('/calls');
  await expect(resident.getByText('Missed').first()).toBeVisible();
  await request.dispose();
});

test('a second device of the resident stops ringing and says so when the first answers', async ({ mailbox }) => {
  test.setTimeout(120_000);
  site = await startIntercomSite(mailbox, 1);
  const { world, request } = await intercomWorld(site, mailbox, simulator());
  const { reader, resident } = await twoSides(site.readerURL, site.residentURL);
  const phone = await mediaPage(site.residentURL, PHONE);
  browsers.push(phone.browser);
  await openReader(reader, world.deviceKey);
  await residentWaiting(resident, world.resident);
  await residentWaiting(phone.page, world.resident);

  await callFromGate(reader, 'ri', 'Rita R.');
  const calling = `${world.deviceName} is calling`;
  await expect(phone.page.getByRole('alertdialog', { name: calling })).toBeVisible();
  await review(phone.page, 'ringing-panel-phone');
  await resident.getByRole('alertdialog', { name: calling }).getByRole('button', { name: 'Answer' }).click();
  await expect(phone.page.getByText('Answered on another device', { exact: true })).toBeVisible();
  await expect(phone.page.getByRole('alertdialog', { name: calling })).toHaveCount(0);
  await expect(reader.getByText('Talking to Rita R.')).toBeVisible();
  await request.dispose();
});

test("a reader that drops mid-call ends the call on the resident's screen in words", async ({ mailbox }) => {
  test.setTimeout(120_000);
  site = await startIntercomSite(mailbox, 1);
  const { world, request } = await intercomWorld(site, mailbox, simulator());
  const { reader, resident } = await twoSides(site.readerURL, site.residentURL);
  await openReader(reader, world.deviceKey);
  await residentWaiting(resident, world.resident);
  await callFromGate(reader, 'ri', 'Rita R.');
  await resident
    .getByRole('alertdialog', { name: `${world.deviceName} is calling` })
    .getByRole('button', { name: 'Answer' })
    .click();
  await expect
    .poll(() => framesShown(resident, '[data-testid="caller-video"]'), { timeout: 30_000 })
    .toBeGreaterThan(0);

  await reader.context().browser()?.close();
  await expect(resident.getByRole('status').filter({ hasText: /call (ended|was lost)/i })).toBeVisible({
    timeout: 30_000,
  });
  await expect(resident.locator('[data-testid="caller-video"]')).toHaveCount(0);
  await review(resident, 'call-screen-caller-gone');
  await request.dispose();
});
