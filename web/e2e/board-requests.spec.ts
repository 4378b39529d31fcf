import type { Page } from '@playwright/test';
import { setUp, tablet, type Owner } from './board';
import { checkScreen, expect, test } from './fixtures';

/**
 * Issue 19: the board asks once. Two tablets on one restaurant's board; for each live message
 * (an order from elsewhere, an action on one tablet, a waiter call and its answer) each tablet
 * makes at most one request to the API, to the one resource the message names; the tablet that
 * acted makes its action's request and at most one read for the action and its echo together.
 */
type Seen = { requests: string[]; inFlight: number; frames: string[] };

/** Every API request the page makes and every message frame its staff socket receives. */
function watch(seen: Seen) {
  return (page: Page) => {
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/api/')) return;
      seen.requests.push(`${r.method()} ${path}`);
      seen.inFlight += 1;
    });
    const done = (r: { url(): string }) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) seen.inFlight -= 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { id?: number; type: string };
        if (typeof frame.id === 'number') seen.frames.push(frame.type);
      }),
    );
  };
}

test('each live message costs each tablet at most one request, to the resource it names', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  test.setTimeout(60_000); // 21 s on a loaded 2-core machine: the default 30 s left too little room
  const owner: Owner = await setUp(request);
  const headers = { Authorization: `Token ${owner.token}` };
  const places = (await (await request.get(`/api/sit/?fk_resto=${owner.restaurant}`, { headers })).json()) as { id: number; i_name: string; qr: string }[];
  const [m1, m2] = ['M1', 'M2'].map((name) => places.find((p) => p.i_name === name)!);
  const seenA: Seen = { requests: [], inFlight: 0, frames: [] };
  const seenB: Seen = { requests: [], inFlight: 0, frames: [] };
  const a = await tablet(browser, owner, undefined, watch(seenA));
  const b = await tablet(browser, owner, undefined, watch(seenB));
  const tiles = (name: string) => [a, b].map((page) => page.getByTestId(`table-${name}`));
  const quiet = () => expect.poll(() => seenA.inFlight + seenB.inFlight).toBe(0);
  await quiet();

  /** What each tablet asked and heard while `act` ran and `until` came true. */
  const during = async (act: () => Promise<unknown>, until: () => Promise<void>, frames = 1) => {
    const from = [seenA, seenB].map((s) => [s.requests.length, s.frames.length]);
    await act();
    await until();
    await expect.poll(() => [seenA, seenB].map((s, i) => s.frames.length - from[i][1])).toEqual([frames, frames]);
    await quiet();
    return [seenA, seenB].map((s, i) => s.requests.slice(from[i][0]));
  };
  const dishes = (await (await request.get(`/api/dish/?menu_group__menu__restaurant=${owner.restaurant}&size=-1`, { headers })).json()) as
    | { pk: number }[]
    | { results: { pk: number }[] };
  const dishId = (Array.isArray(dishes) ? dishes : dishes.results)[0].pk;
  const order = (placeId: number) =>
    request.post('/api/ordenes/', { headers, data: { fk_resto: owner.restaurant, ordenes: [{ fk_sit: placeId, fk_dish: dishId, quantity: 1, status: '1' }] } });

  // an order from elsewhere (a third tablet): each reads the one table it names
  let [fromA, fromB] = await during(
    () => order(m1.id),
    async () => {
      for (const tile of tiles('M1')) await expect(tile).toHaveAttribute('data-status', '1');
    },
  );
  expect(fromA).toEqual([`GET /api/ordenes/mesas/${m1.id}/`]);
  expect(fromB).toEqual([`GET /api/ordenes/mesas/${m1.id}/`]);

  // tablet A opens the table (already read for the message: nothing asked) and accepts all: its
  // action and one read; its echo costs nothing; B reads the table once
  await tiles('M1')[0].tap();
  const dialog = a.getByRole('dialog', { name: 'Órdenes de M1' });
  await expect(dialog.getByText('Nueva', { exact: true })).toBeVisible();
  [fromA, fromB] = await during(
    () => dialog.getByRole('button', { name: 'Aceptar todas' }).tap(),
    async () => {
      for (const tile of tiles('M1')) await expect(tile).toHaveAttribute('data-status', '2');
    },
  );
  expect(fromA).toEqual([`POST /api/ordenes/mesa/${m1.id}/aceptar/`, `GET /api/ordenes/mesas/${m1.id}/`]);
  expect(fromB).toEqual([`GET /api/ordenes/mesas/${m1.id}/`]);

  // the table's phone calls the waiter: each reads floor's places once
  const token = new URL(m1.qr).searchParams.get('p')!;
  [fromA, fromB] = await during(
    () => request.put(`/api/llamar-mozo/${token}/`, { data: { kind: 'waiter' } }),
    async () => {
      for (const tile of tiles('M1')) await expect(tile.getByTestId('waiter-call')).toBeVisible();
    },
  );
  expect(fromA).toEqual(['GET /api/sit/']);
  expect(fromB).toEqual(['GET /api/sit/']);
  await expect(dialog.getByTestId('call-alert')).toBeVisible();
  await checkScreen(a, 'orders-table-call');

  // A sends the waiter: floor answers the place, nothing more is read on A; B reads the places once
  [fromA, fromB] = await during(
    () => dialog.getByRole('button', { name: 'Mozo enviado' }).tap(),
    async () => {
      for (const tile of tiles('M1')) await expect(tile.getByTestId('waiter-call')).toBeHidden();
    },
  );
  // its echo may come before floor's answer: then the echo is the one read, and the answer costs nothing
  expect(fromA[0]).toBe(`POST /api/sit/${m1.id}/mozo-enviado/`);
  expect(fromA.slice(1)).toEqual(fromA.length > 1 ? ['GET /api/sit/'] : []);
  expect(fromB).toEqual(['GET /api/sit/']);
  await dialog.getByRole('button', { name: 'Cerrar' }).first().tap();

  // a last message: whatever an earlier one still owed would have been asked by now
  [fromA, fromB] = await during(
    () => order(m2.id),
    async () => {
      for (const tile of tiles('M2')) await expect(tile).toHaveAttribute('data-status', '1');
    },
  );
  expect(fromA).toEqual([`GET /api/ordenes/mesas/${m2.id}/`]);
  expect(fromB).toEqual([`GET /api/ordenes/mesas/${m2.id}/`]);
  await checkScreen(b, 'orders-sketch-live');
  await a.context().close();
  await b.context().close();
});
