// Opens the app's screens in Chromium through the gateway and prints every Content-Security-Policy
// violation as one JSON line per screen: {"screen", "path", "violations": [...]}.
// Run by tests/test_csp_browser.py; Playwright and Chromium are the web suite's (web/node_modules,
// /usr/bin/chromium).
//   node gateway/tests/csp_probe.cjs http://127.0.0.1:8080
const path = require('node:path');
const { chromium } = require(path.join(__dirname, '..', '..', 'web', 'node_modules', 'playwright'));

const BASE = process.argv[2] || 'http://127.0.0.1:8080';
const PUBLIC = [
  '/', '/resto', '/cliente', '/preguntas-frecuentes', '/legales/condicionesresto',
  '/recuperar-contrasena/MQ/some-token', '/no-such-page', '/500', '/pago/success',
];
const OWNER = [
  '/restaurante', '/menu', '/lista-de-platos', '/editar-restaurante', '/croquis-restaurante',
  '/ordenes', '/operador-restaurante', '/Crear-horario', '/crear-restaurante',
];

async function visit(page, found, screen, target) {
  found.length = 0;
  if (target) await page.goto(BASE + target, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300); // late style/script insertions and websocket connects
  const fromPage = await page.evaluate(() => window.__cspViolations.splice(0));
  const violations = [...fromPage, ...found.splice(0)];
  console.log(JSON.stringify({ screen, path: page.url().replace(BASE, ''), violations }));
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await browser.newPage({ locale: 'es-AR', viewport: { width: 1024, height: 768 } });
  const found = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  try {
    for (const p of PUBLIC) await visit(page, found, 'public', p);
    // The diner's live line opens a same-origin websocket (connect-src 'self' must cover ws:).
    await page.evaluate(() => new Promise((done) => {
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/notificaciones/mesa/`);
      socket.onopen = socket.onclose = socket.onerror = () => { socket.close(); done(); };
      setTimeout(done, 3000);
    }));
    await visit(page, found, 'websocket', null);
    // The dialogs: login (and its demo button), then every owner screen.
    await page.goto(BASE + '/', { waitUntil: 'networkidle' });
    await page.getByTestId('open-login').click();
    await visit(page, found, 'dialog-login');
    await page.getByRole('button', { name: 'Probar con el usuario de prueba' }).click();
    try {
      await page.waitForURL(/\/restaurante$/, { timeout: 5000 });
    } catch {
      // Demo login is off where identity's DEMO_LOGIN_ENABLED is not set: a new owner instead.
      await page.keyboard.press('Escape');
      await page.goto(BASE + '/resto', { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Registrá tu restaurante' });
      await form.getByLabel('Nombre del local').fill('La Esquina CSP');
      await form.getByLabel('Teléfono').fill('1123456789');
      await form.getByLabel('E-mail').fill(`csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
      await form.getByLabel('Contraseña', { exact: true }).fill('Sabores-del-Sur-2026');
      await form.getByLabel('Repetir contraseña').fill('Sabores-del-Sur-2026');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL(/\/restaurante$/, { timeout: 15000 });
    }
    await visit(page, found, 'owner', null);
    for (const p of OWNER) await visit(page, found, 'owner', p);
  } catch (e) {
    console.log(JSON.stringify({ screen: 'error', path: page.url(), violations: [], error: String(e) }));
  } finally {
    await browser.close();
  }
})();
