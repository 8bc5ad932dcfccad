import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made, kept by `watchPeers` for the test to read. */
    __peers?: RTCPeerConnection[];
  }
}

/**
 * A Chromium with a fake camera (its moving test pattern) and a fake microphone (a beep), allowed
 * without asking, and sound that plays without a tap: a gate tablet and a resident's phone.
 */
export const mediaBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });

/** Keeps every peer connection the page makes on `window.__peers`, so the test can ask for its stats. */
export async function watchPeers(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__peers = [];
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        window.__peers?.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Statistics of one kind over every peer connection of the page, as plain objects. */
const statsOf = (page: Page, type: string) =>
  page.evaluate(async (wanted) => {
    const reports: Record<string, unknown>[] = [];
    for (const peer of window.__peers ?? []) {
      const stats = await peer.getStats();
      stats.forEach((report) => {
        if (report.type === wanted) reports.push({ ...report });
      });
    }
    return reports;
  }, type);

/** RTP packets of `kind` the page has received so far. */
export async function inboundPackets(page: Page, kind: 'audio' | 'video'): Promise<number> {
  const reports = await statsOf(page, 'inbound-rtp');
  return reports.filter((r) => r.kind === kind).reduce((sum, r) => sum + Number(r.packetsReceived ?? 0), 0);
}

/** The candidate types of each side of the pair that carries the media: both `relay` through TURN. */
export async function selectedCandidateTypes(page: Page): Promise<string[]> {
  const pairs = await statsOf(page, 'candidate-pair');
  const locals = await statsOf(page, 'local-candidate');
  const remotes = await statsOf(page, 'remote-candidate');
  const chosen = pairs.find((pair) => pair.nominated && pair.state === 'succeeded');
  if (!chosen) return [];
  const local = locals.find((candidate) => candidate.id === chosen.localCandidateId);
  const remote = remotes.find((candidate) => candidate.id === chosen.remoteCandidateId);
  return [String(local?.candidateType), String(remote?.candidateType)];
}

/** Frames a video element has shown so far (grows while the picture is live, stays when it freezes). */
export const framesShown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames)
    .catch(() => 0);
