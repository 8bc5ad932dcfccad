import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's full Chromium: for tests of what only it has (notifications shown, passkeys, install). */
export const FULL_CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

/**
 * Every other page runs in Chromium's headless shell: the same engine without the full browser's
 * user interface, which took a fifth less CPU over the same specs on a machine where the servers
 * under test share two cores with the browser (decision 0061).
 */
const HEADLESS_SHELL = {
  executablePath: process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell',
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: HEADLESS_SHELL,
    // The app's service worker would serve pages from its precache and hide requests from page.route;
    // only e2e/installable-app.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace records every test and throws it away when it passes: a third of the run's CPU
    // (decision 0062). E2E_TRACE=1 keeps a trace of each failure, for a run that hunts one down.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
});
