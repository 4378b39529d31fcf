import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the running stack through the gateway (make up).
 * Debian's Chromium only: never `playwright install`.
 */
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '8080'}`;
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker left the cores 45 % idle (the browser's renderer is one thread): on 2 cores at a
  // 0.30 s loop, 9.5 min with one and 7.6 with two, every test passing.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'es-AR',
    // the app then skips its fades (theme's respectReducedMotion): axe never measures a tooltip or
    // dialog half faded in, which read as low contrast now and then (e2e/fixtures.ts expectAccessible)
    reducedMotion: 'reduce',
    launchOptions,
    // Recording a trace costs the browser most of what the test itself does (two specs here: 12 s
    // of CPU without, 22 s with, 98 s against 155 s): only a failed test's retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
    { name: 'tablet', use: { viewport: { width: 1024, height: 768 }, hasTouch: true } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
  ],
});
