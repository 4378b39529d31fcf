#!/usr/bin/env node
/**
 * Measures the gzipped JavaScript the landing page loads on a first visit (budget 150 KiB).
 * Serves web/dist as deploy/local/webserver.py does (an SPA fallback; `/menus` answers menus.html,
 * the diner's own entry: vite.config.ts), opens '/' in Debian's Chromium (playwright-core, no
 * browser download), records every JS response, and sums the gzip size of those files.
 * Usage: npm run build && npm run size [-- /other/path]
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BUDGET_KIB = 150;
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const route = process.argv[2] ?? '/';
// the pages served from their own file, as deploy/local/webserver.py's PAGE_FILES
const PAGE_FILES = { '/menus': 'menus.html' };
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };

if (!existsSync(join(dist, 'index.html'))) {
  console.error('size: web/dist is missing; run `npm run build` first');
  process.exit(2);
}

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(dist, path);
  if (path.startsWith('/api/')) {
    res.writeHead(404).end('{}');
    return;
  }
  if (!existsSync(file) || path.endsWith('/')) file = join(dist, PAGE_FILES[path] ?? 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, locale: process.env.SIZE_LOCALE ?? 'es-AR' });
const scripts = new Set();
page.on('response', (r) => {
  const url = new URL(r.url());
  if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname);
});
await page.goto(base + route, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await browser.close();
server.close();

let total = 0;
const rows = [...scripts].map((p) => {
  const gz = gzipSync(readFileSync(join(dist, p)), { level: 9 }).length;
  total += gz;
  return [p, gz];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [p, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KiB  ${p}`);
const kib = total / 1024;
console.log(`size: ${route} loads ${rows.length} JS files, ${kib.toFixed(1)} KiB gzipped (budget ${BUDGET_KIB} KiB)`);
if (kib > BUDGET_KIB) process.exit(1);
