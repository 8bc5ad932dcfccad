// The intercom's figures (issue 43, "Measure"): two real servers on one PostgreSQL (the reader on
// the first, the resident's app on the second), two Chromiums with fake cameras and microphones
// held to relayed candidates, and a real coturn, as e2e/intercom.spec.ts runs them. Over CALLS
// calls: the tap on a name at the reader to the ringing panel in the resident's open app; the tap
// on "Answer" to the first frame of the caller's video; then CPU seconds per call of both servers
// (signalling, polling included) and of coturn, and the video bytes the resident received through
// coturn per second of call. Both browsers stamp their own events with Date.now() on this one
// machine's clock. Needs a build (`npx vite build`).
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/intercom.bench.ts`; writes bench/results/intercom.json.
import fs from 'node:fs';
import os from 'node:os';
import type { Page } from '@playwright/test';
import { intercomWorld, mediaPage, openReader, residentWaiting, startIntercomSite } from '../e2e/intercom-support';
import { startRelaySimulator } from '../e2e/support/relay-simulator';
import { DESKTOP } from '../e2e/support/screens';
import { Mailbox } from '../test/support/mailbox';
import { cpuSeconds } from './proc-cpu';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
/** How long each answered call lasts after its first frame, for coturn's CPU and the bitrate. */
const TALK_MS = Number(process.env.BENCH_TALK_MS ?? 5000);

/** Every process whose command line has all of `parts` (a server by its port, coturn by its). */
function pidsOf(parts: string[]): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (parts.every((part) => cmdline.includes(part) || environ.split('\0').includes(part))) found.push(Number(pid));
    } catch {
      // Another user's process, or one that ended.
    }
  }
  return found;
}
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

/** In the page, before its scripts: when each ringing panel appears, when Answer or a name is tapped. */
const STAMPS = `
  window.stamps = { ring: [], tap: [] };
  new MutationObserver(() => {
    const open = document.querySelector('[role="alertdialog"]') !== null;
    if (open && !window.ringOpen) window.stamps.ring.push(Date.now());
    window.ringOpen = open;
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) window.stamps.tap.push(Date.now());
  }, true);
`;
/** The first frame the caller's video presents, once it exists; resolves with its time. */
const FIRST_FRAME = `new Promise((resolve) => {
  const look = () => {
    const video = document.querySelector('[data-testid="caller-video"]');
    if (video) video.requestVideoFrameCallback(() => resolve(Date.now()));
    else setTimeout(look, 5);
  };
  look();
})`;
const VIDEO_BYTES = `(async () => {
  let bytes = 0;
  for (const peer of window.__peers ?? []) {
    (await peer.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') bytes += Number(report.bytesReceived ?? 0);
    });
  }
  return bytes;
})()`;

const lastStamp = async (page: Page, kind: 'ring' | 'tap') =>
  page.evaluate(`window.stamps.${kind}[window.stamps.${kind}.length - 1]`) as Promise<number>;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (values: number[]) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});

if (!process.env.DATABASE_URL) throw new Error('two processes share one database on PostgreSQL only: set DATABASE_URL');
const mailbox = new Mailbox();
await mailbox.start();
const simulator = await startRelaySimulator();
const site = await startIntercomSite(mailbox, 2);
try {
  const { world, request } = await intercomWorld(site, mailbox, simulator);
  const reader = await mediaPage(site.readerURL);
  const resident = await mediaPage(site.residentURL, DESKTOP);
  await reader.page.addInitScript(STAMPS);
  await resident.page.addInitScript(STAMPS);
  await openReader(reader.page, world.deviceKey);
  await residentWaiting(resident.page, world.resident).catch(async (error) => {
    process.stdout.write(`${resident.page.url()}\n${await resident.page.locator('body').innerText()}\n`);
    throw error;
  });

  const servers = [new URL(site.readerURL).port, new URL(site.residentURL).port].map((port) =>
    pidsOf([`PORT=${port}`, 'node']),
  );
  const turnPort =
    site.coturn.env.TURN_URLS.match(/:(\d+)/g)
      ?.pop()
      ?.slice(1) ?? '';
  const coturn = pidsOf([`--listening-port=${turnPort}`]);
  const serverCpu = () => cpuOf(servers.flat());

  const toRing: number[] = [];
  const toFrame: number[] = [];
  const bitrates: number[] = [];
  let cpuInCalls = 0;
  let turnCpuInCalls = 0;
  for (let i = 0; i < CALLS; i++) {
    const callStarted = Date.now();
    // The resident's app afresh for each call, polling for rings again, as an app left open would be.
    const polling = resident.page.waitForRequest((sent) => sent.url().includes('/api/intercom/calls?status=ringing'));
    await resident.page.goto('/');
    await polling;
    const cpu = serverCpu();
    const turnCpu = cpuOf(coturn);
    await reader.page.getByRole('button', { name: 'Call a resident' }).click();
    await reader.page.getByLabel('Name').fill('ri');
    await reader.page.getByRole('button', { name: 'Rita R.' }).click();
    const tappedAt = await lastStamp(reader.page, 'tap');
    const ringing = resident.page.getByRole('alertdialog', { name: `${world.deviceName} is calling` });
    await ringing.waitFor();
    toRing.push((await lastStamp(resident.page, 'ring')) - tappedAt);

    const firstFrame = (resident.page.evaluate(FIRST_FRAME) as Promise<number>).catch((error: Error) => error);
    await ringing.getByRole('button', { name: 'Answer' }).click();
    const answeredAt = await lastStamp(resident.page, 'tap');
    const framed = await firstFrame;
    if (framed instanceof Error) throw framed;
    toFrame.push(framed - answeredAt);
    const bytes = (await resident.page.evaluate(VIDEO_BYTES)) as number;
    const talkStarted = Date.now();
    await resident.page.waitForTimeout(TALK_MS);
    const bytesAfter = (await resident.page.evaluate(VIDEO_BYTES)) as number;
    bitrates.push(((bytesAfter - bytes) * 8) / ((Date.now() - talkStarted) / 1000));

    await reader.page.getByRole('button', { name: 'Hang up' }).click();
    // The reader that hung up goes back to its directory, or says the call is over and offers Done.
    const done = reader.page.getByRole('button', { name: 'Done' });
    const idle = reader.page.getByRole('button', { name: 'Call a resident' });
    await done.or(idle).waitFor();
    if (await done.isVisible()) await done.click();
    await idle.waitFor();
    await resident.page.getByText('The visitor hung up.').waitFor();
    cpuInCalls += serverCpu() - cpu;
    turnCpuInCalls += cpuOf(coturn) - turnCpu;
    // A reader may start 6 calls a minute (LIMITS.intercomCalls): one call per 10.5 s at most.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, callStarted + 10_500 - Date.now())));
    process.stdout.write(`call ${i + 1}: ring ${toRing.at(-1)} ms, first frame ${toFrame.at(-1)} ms\n`);
  }
  const result = {
    at: new Date().toISOString(),
    command: `npx vite build --logLevel warn && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_CALLS=${CALLS} BENCH_TALK_MS=${TALK_MS} npx tsx bench/intercom.bench.ts`,
    uptime: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
    cpus: os.cpus().length,
    calls: CALLS,
    talkSecondsPerCall: TALK_MS / 1000,
    setup: 'two servers on one PostgreSQL (reader on one, resident on the other), relay-only ICE through coturn',
    tapToRingInOpenAppMs: summary(toRing),
    answerToFirstVideoFrameMs: summary(toFrame),
    serverCpuSecondsPerCall: (cpuInCalls / CALLS).toFixed(3),
    coturnCpuSecondsPerCall: (turnCpuInCalls / CALLS).toFixed(3),
    relayedVideoKbitPerSecond: summary(bitrates.map((bits) => Math.round(bits / 1000))),
    processesMeasured: { servers: servers.map((pids) => pids.length), coturn: coturn.length },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/intercom.json', `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  await request.dispose();
  await reader.browser.close();
  await resident.browser.close();
} finally {
  await site.stop();
  await simulator.stop();
  await mailbox.stop();
}
