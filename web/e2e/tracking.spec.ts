import { dinerOrder, setUp } from './delivery';
import { checkScreen, expect, test } from './fixtures';

/**
 * Issue 20's tracking page at phone size, against the running stack: the link a take-away diner
 * gets in the WhatsApp message shows that order, and its status moves live as the restaurant's
 * tablet moves it; an unknown link says so. Screenshots in test-results/screenshots/.
 */
const DIR = 'test-results/screenshots';

test.skip(({ isMobile }) => !isMobile, 'diners use phones: the phone project runs this file');

test('the tracking page on a phone shows the status change live', async ({ page, request }) => {
  const world = await setUp(request);
  const order = await dinerOrder(request, world, [{ dish: 'Empanada', quantity: 2 }, { dish: 'Flan', quantity: 1 }]);
  expect(order.tracking_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // notifications learns the token (its hash) from ordering's event: the link works once it has
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => void frames.push(JSON.parse(String(payload)).type)));

  await page.goto(`/seguimiento?t=${order.tracking_token}`);
  const tracking = page.getByTestId('tracking');
  await expect(tracking.getByRole('heading', { level: 1 })).toHaveText(world.name);
  await expect(tracking.getByText(`Pedido #${order.fk_delivery} · Take away`)).toBeVisible();
  await expect(tracking.getByTestId('tracking-stage')).toHaveAttribute('data-stage', 'received');
  await expect(tracking.getByTestId('tracking-total')).toHaveText(/5\.500,00/);
  await expect(page.getByTestId('tracking-live')).toHaveText('En vivo');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkScreen(page, 'tracking');
  await page.screenshot({ path: `${DIR}/tracking-phone-received.png`, fullPage: true });

  // the restaurant accepts the order on its tablet (the delivery bulk update): the phone follows, no reload
  const move = async (status: '2' | '4') => {
    const res = await request.post('/api/ordenes/update-all/', {
      headers: world.headers,
      data: { pk_resto: world.restaurant, delivery: true, lines: order.ordenes.map((l) => ({ pk: l.id, status })) },
    });
    expect(res.status(), await res.text()).toBe(200);
    return Date.now();
  };
  let t0 = await move('2');
  await expect(tracking.getByTestId('tracking-stage')).toHaveAttribute('data-stage', 'preparing', { timeout: 2_000 });
  console.log(`live ms: accepted → the phone: ${Date.now() - t0}`);
  await expect(tracking.getByText('En preparación', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${DIR}/tracking-phone-preparing.png`, fullPage: true });

  t0 = await move('4');
  await expect(tracking.getByTestId('tracking-stage')).toHaveAttribute('data-stage', 'delivered', { timeout: 2_000 });
  console.log(`live ms: delivered → the phone: ${Date.now() - t0}`);
  expect(frames).toContain('order_status');
  await checkScreen(page, 'tracking-delivered');
  await page.screenshot({ path: `${DIR}/tracking-phone-delivered.png`, fullPage: true });

  // in English, the same order
  await page.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).click();
  await expect(tracking.getByTestId('tracking-stage')).toContainText('Delivered');
  await expect(tracking.getByText(`Order #${order.fk_delivery} · Take away`)).toBeVisible();
});

test('an unknown tracking link says so clearly', async ({ page }) => {
  await page.goto('/seguimiento?t=this-is-not-a-tracking-token-of-any-order-xx');
  await expect(page.getByTestId('tracking-gone')).toHaveText('Enlace no válido');
  await expect(page.getByText(/deja de funcionar un día después de cerrado el pedido/)).toBeVisible();
  await checkScreen(page, 'tracking-gone');
  await page.screenshot({ path: `${DIR}/tracking-phone-gone.png` });
});
