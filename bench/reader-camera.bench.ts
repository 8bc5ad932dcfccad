// Time from a visitor's QR code appearing in front of the gate reader's camera to the relay pulse,
// over 20 scans, end to end: Chromium's fake camera plays the emailed QR image (4 s of a white page,
// then the code for 2 s, in a loop) into /reader on the real server (its own process), which decides
// and pulses the relay simulator. The moment the code appears is taken from the camera's own frames
// in the page (the first frame that is no longer blank); the pulse time is the simulator's.
// Needs a build (`npx vite build`). `npx tsx bench/reader-camera.bench.ts`; writes
// bench/results/reader-camera.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { browserFilming, registerPass, TABLET } from '../e2e/reader-support';
import { startRelaySimulator } from '../e2e/support/relay-simulator';
import { gateWorld } from '../e2e/visitors-support';
import { spawnGatehouse, TEST_SUPERADMIN } from '../test/support/gatehouse-process';
import { Mailbox } from '../test/support/mailbox';

const SCANS = Number(process.env.BENCH_SCANS ?? 20);
const CYCLE_MS = 6000;

/**
 * In the page, before its scripts: note when each camera frame turns from blank to showing the
 * code. A string, not a function: tsx would wrap a function's inner functions in helpers the page
 * does not have.
 */
const WATCH_CAMERA_FRAMES = `
  window.codeShownAt = [];
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = stream.clone();
    void video.play();
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 24;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let blank = true;
    const onFrame = () => {
      context.drawImage(video, 0, 0, 32, 24);
      const pixels = context.getImageData(0, 0, 32, 24).data;
      let sum = 0;
      for (let i = 0; i < pixels.length; i += 4) sum += pixels[i];
      const nowBlank = sum / (pixels.length / 4) > 235;
      if (blank && !nowBlank) window.codeShownAt.push(Date.now());
      blank = nowBlank;
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    return stream;
  };
`;

const mailbox = new Mailbox();
await mailbox.start();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-reader-bench-'));
const server = await spawnGatehouse({ dataDir, env: { SMTP_URL: mailbox.url } });
const simulator = await startRelaySimulator();
const api = await request.newContext({ baseURL: server.baseURL });
try {
  const world = await gateWorld(api, mailbox, { ...TEST_SUPERADMIN, role: 'superadmin' }, simulator);
  const pass = await registerPass(api, mailbox, world, 'Lena');
  const camera = await browserFilming(pass, { blankSeconds: 4, codeSeconds: 2 });
  try {
    const context = await camera.browser.newContext({
      baseURL: server.baseURL,
      viewport: TABLET,
      permissions: ['camera'],
    });
    await context.addInitScript(WATCH_CAMERA_FRAMES);
    const page = await context.newPage();
    await page.goto(`/reader#key=${encodeURIComponent(world.deviceKey)}`);
    const deadline = Date.now() + (SCANS + 3) * CYCLE_MS;
    while ((await world.relay.pulses()).length < SCANS + 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const shown = await page.evaluate(() => (window as unknown as { codeShownAt: number[] }).codeShownAt);
    const pulses = (await world.relay.pulses()).map((pulse) => Date.parse(pulse.at));
    // Each pulse answers the latest appearance before it; the first is left out (the decoder loads).
    const samples = pulses
      .map((at) => at - Math.max(...shown.filter((t) => t <= at)))
      .slice(1, SCANS + 1)
      .sort((a, b) => a - b);
    if (samples.length < SCANS) {
      const screen = await page.locator('body').innerText();
      throw new Error(`${pulses.length} pulses for ${shown.length} appearances; the reader shows: ${screen}`);
    }
    const result = {
      scans: samples.length,
      medianMs: samples[Math.floor(samples.length / 2)],
      worstMs: samples[samples.length - 1],
      bestMs: samples[0],
      samplesMs: samples,
      appearances: shown.length,
      pulses: pulses.length,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
    };
    console.log(
      `code in front of the camera to relay pulse over ${result.scans} scans: median ${result.medianMs} ms, worst ${result.worstMs} ms`,
    );
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/reader-camera.json', `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await camera.close();
  }
} finally {
  await api.dispose();
  await simulator.stop();
  await server.stop();
  await mailbox.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
