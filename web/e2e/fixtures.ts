import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here, not from @playwright/test, so that each test
 * runs under the two checks of issues 9 and 10:
 *
 * - CSP: the gateway's Content-Security-Policy (gateway/README.md 'Security headers') must be on
 *   every document the app loads, and no screen may trigger a `securitypolicyviolation` event or
 *   a console CSP error. A test fails at its end if any happened.
 * - Accessibility: `checkScreen(page, name)` runs axe-core (WCAG 2 A/AA) on the screen as it is
 *   and fails on serious or critical violations; every test calls it once per screen it reaches.
 */

export type CspViolation = { directive: string; blocked: string; source: string; page: string };

declare global {
  interface Window {
    __reportCsp?: (v: CspViolation) => void;
    axe?: typeof axe;
  }
}

/** Installed before any page script: a blocked script or style reports to the test at once. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (e) => {
    void window.__reportCsp?.({
      directive: e.effectiveDirective,
      blocked: e.blockedURI,
      source: `${e.sourceFile}:${e.lineNumber}`,
      page: location.pathname,
    });
  });
}

type Guard = { violations: CspViolation[]; consoleErrors: string[]; documentsWithoutPolicy: string[] };

/** The test running now (tests run one at a time in a worker): the guard that `guarded` adds pages to. */
let running: { guard: Guard; origin: string } | null = null;

/** Puts `page` under the guard: its CSP violations, console CSP errors and app documents without the policy. */
async function watch(page: Page, guard: Guard, origin: string) {
  // reported through a binding, so that a violation survives the navigation that follows it
  await page.exposeBinding('__reportCsp', (_source, v: CspViolation) => void guard.violations.push(v));
  await page.addInitScript(reportCspViolations);
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) guard.consoleErrors.push(m.text());
  });
  // the app's documents (not the API's JSON or the media): each must carry the policy
  page.on('response', async (r) => {
    // the app's own documents; the OAuth and marketplace simulators' pages are another origin's
    if (r.request().resourceType() !== 'document' || new URL(r.url()).origin !== origin) return;
    if (!/text\/html/.test(r.headers()['content-type'] ?? '')) return;
    const policy = await r.headerValue('content-security-policy');
    if (!policy) guard.documentsWithoutPolicy.push(new URL(r.url()).pathname);
  });
}

/**
 * A page of another browser context the test made (a second phone, a tablet beside the test's
 * `page`), under the same guard as `page`; call it before the page's first navigation.
 */
export async function guarded(page: Page): Promise<Page> {
  if (!running) throw new Error('guarded() is for a page made inside a test');
  await watch(page, running.guard, running.origin);
  return page;
}

export const test = base.extend<{ cspGuard: Guard }>({
  // exposed to the CSP spec, which checks that a violation is caught
  cspGuard: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const guard: Guard = { violations: [], consoleErrors: [], documentsWithoutPolicy: [] };
      await watch(page, guard, origin);
      running = { guard, origin };
      try {
        await use(guard);
      } finally {
        running = null;
      }
      expect(guard.documentsWithoutPolicy, 'documents served without a Content-Security-Policy').toEqual([]);
      expect(guard.violations, 'Content-Security-Policy violations').toEqual([]);
      expect(guard.consoleErrors, 'console Content-Security-Policy errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const SCREENSHOTS = 'test-results/screenshots';
/** axe's WCAG 2.0 and 2.1 A/AA rules. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fails on serious or critical axe violations; lists each rule with the nodes it found. */
export async function expectAccessible(page: Page, name: string) {
  // axe measures colours as painted: a dialog or tooltip still fading in reads as low contrast,
  // so finite animations (not spinners) finish first
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // axe in the page itself, injected once per document: @axe-core/playwright evaluated axe's
  // 650 KB source again for every check (about 300 ms of the browser's CPU, the run itself 55 ms
  // on the landing page), and its default mode also opened a blank page per check to merge the
  // frames' results. Only the main frame is checked: the policy (default-src 'self') lets no other
  // origin's frame load, and the CSP guard above fails a test that tries.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    (tags) => window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG,
  );
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`);
  expect(bad, `axe on ${name} (${page.url()})`).toEqual([]);
}

/** A screen reached by a test: axe, and at tablet size a screenshot (`test-results/screenshots/<name>.png`). */
export async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  if (test.info().project.name === 'tablet') await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}
