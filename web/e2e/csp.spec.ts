import { checkScreen, expect, expectAccessible, test } from './fixtures';

/**
 * The gateway's Content-Security-Policy (issue 9, gateway/README.md 'Security headers'). Every
 * spec runs under the guard of e2e/fixtures.ts (no violation event, no console CSP error, the
 * policy on every document); screens.spec.ts visits every screen. This spec checks the policy
 * itself and that the guard does catch a violation, so a silent guard cannot pass for a clean app;
 * and the same of the accessibility check every screen goes through.
 */
test.beforeEach(() => test.skip(test.info().project.name !== 'tablet', 'the policy does not depend on the screen size'));

test('the app and the API are served with the policy', async ({ request }) => {
  for (const path of ['/', '/lista-de-platos', '/no-such-page', '/api/restaurant/']) {
    const res = await request.get(path);
    const policy = res.headers()['content-security-policy'];
    expect(policy, `Content-Security-Policy on ${path}`).toBeTruthy();
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k, v]));
    expect(directives['script-src'] ?? directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(policy).not.toContain("'unsafe-eval'");
  }
});

test('an inline script is blocked and the guard reports it', async ({ page, cspGuard }) => {
  await page.goto('/');
  await expect(page.getByTestId('landing-title')).toBeVisible();
  await checkScreen(page, 'csp-landing');
  // what an injected script would look like: the policy must stop it, and the guard must see it
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  await expect.poll(() => cspGuard.violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(cspGuard.violations[0]).toMatchObject({ directive: 'script-src-elem', page: '/' });
  // the violation was the test's own: the guard's end-of-test check must pass
  cspGuard.violations.length = 0;
  cspGuard.consoleErrors.length = 0;
});

test('the accessibility check fails a screen that breaks a rule, on a document\'s first check and on a later one', async ({ page }) => {
  // what a careless change would add: an icon button without a name, and grey text on white
  const breakRules = () =>
    page.evaluate(() => {
      const button = document.createElement('button');
      button.className = 'careless';
      document.body.append(button);
      const faint = document.createElement('p');
      faint.className = 'careless';
      faint.textContent = 'Texto casi invisible';
      faint.style.cssText = 'color:#ddd;background:#fff';
      document.querySelector('main')?.append(faint);
    });
  const landing = async () => {
    await page.goto('/');
    await expect(page.getByTestId('landing-title')).toBeVisible();
  };
  await landing();
  await breakRules();
  await expect(expectAccessible(page, 'broken-first')).rejects.toThrow(/critical button-name[\s\S]*serious color-contrast|serious color-contrast[\s\S]*critical button-name/);
  // axe is in this document now: later checks run the rules again on the screen as it is
  await page.evaluate(() => document.querySelectorAll('.careless').forEach((e) => e.remove()));
  await expectAccessible(page, 'mended');
  await breakRules();
  await expect(expectAccessible(page, 'broken-later')).rejects.toThrow(/button-name/);
});
