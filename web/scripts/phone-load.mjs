#!/usr/bin/env node
/**
 * Opens one URL as a diner's cheap phone would and prints what it cost, as JSON:
 * 390x844 touch screen, the CPU slowed 4x, about 1.6 Mbit/s down and 150 ms round trips
 * (Chromium's DevTools protocol: Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions),
 * an empty cache. Reports the JavaScript loaded (each file's gzip size, as a server sends it) and
 * the largest contentful paint. Debian's Chromium through playwright-core: nothing is downloaded.
 * Usage: node scripts/phone-load.mjs http://127.0.0.1:8080/menus?menu=7
 * Run by deploy/bench/diner_phone.py (`make bench-phone`), which builds the menu first.
 */
/* global window */ // the page functions run in the browser
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const url = process.argv[2];
if (!url) {
  console.error('usage: phone-load.mjs <url>');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'es-AR' });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => {
  // null until the browser reports a paint: a load that records none failed, it did not take 0 ms
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
});
const scripts = [];
page.on('response', async (r) => {
  if (r.request().resourceType() !== 'script') return;
  try {
    scripts.push({ url: new URL(r.url()).pathname, gzip: gzipSync(await r.body(), { level: 9 }).length });
  } catch {
    // a script answered without a body (a redirect): nothing was downloaded
  }
});
await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
// LCP is final at the first input; a tap ends it the way a diner's first touch would
await page.mouse.click(5, 5);
const lcp = await page.evaluate(() => window.__lcp);
await browser.close();
const jsGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(JSON.stringify({ url, lcpMs: lcp === null ? null : Math.round(lcp), jsGzipBytes: jsGzip, scripts: scripts.sort((a, b) => b.gzip - a.gzip) }));
