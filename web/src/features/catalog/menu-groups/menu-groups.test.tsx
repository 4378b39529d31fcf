import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { catalogServer, type Call } from '../testing/catalog-handlers';

/** The catalog fake plus the menu-group writes, recorded like the rest. */
function setup() {
  const fake = catalogServer();
  const record = async (request: Request, params: Record<string, unknown>) => {
    const url = new URL(request.url);
    const body = request.method === 'DELETE' ? null : await request.json();
    const call: Call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    fake.calls.push(call);
    return { call, id: Number(params.id) };
  };
  server.use(
    ...fake.handlers,
    http.post('*/api/menu-group/', async ({ request, params }) => {
      const { call } = await record(request, params);
      return HttpResponse.json({ id: 30, ...(call.body as object), detail: 'Categoría registrada.' }, { status: 201 });
    }),
    http.put('*/api/menu-group/:id/', async ({ request, params }) => {
      const { call, id } = await record(request, params);
      return HttpResponse.json({ id, name: 'x', menu: 1, sub_category: null, order: 0, ...(call.body as object) });
    }),
    http.delete('*/api/menu-group/:id/', async ({ request, params }) => {
      await record(request, params);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return fake;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('menu groups (/menu-group)', () => {
  it("the only menu is preselected and its categories are listed in order, sub-categories under their parent", async () => {
    setup();
    renderApp('/menu-group', { as: 'owner' });
    const list = await screen.findByTestId('category-list');
    const top = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(top.map((li) => within(li).getAllByText(/.+/)[0].textContent)).toEqual(['Entradas', 'Bebidas']);
    expect(within(screen.getByTestId('category-children-20')).getByText('Vinos')).toBeInTheDocument();
  });

  it('creates a category after the last one of the menu, and a sub-category under its parent', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner' });
    await screen.findByTestId('category-list');
    await user.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    // the menu editor's rule: a name is required, nothing is sent
    expect(await within(dialog).findByText('El campo categoría no puede estar vacío.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre de la categoría'), 'Postres');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Categoría creada.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar una subcategoría a «Bebidas»' }));
    const sub = await screen.findByRole('dialog', { name: 'Nueva subcategoría de «Bebidas»' });
    await user.type(within(sub).getByLabelText('Nombre de la categoría'), 'Cervezas');
    await user.click(within(sub).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(writes(fake.calls)).toHaveLength(2));
    expect(writes(fake.calls).map((c) => c.body)).toEqual([
      { menu: 1, name: 'Postres', sub_category: null, order: 2 },
      { menu: 1, name: 'Cervezas', sub_category: 20, order: 1 },
    ]);
  });

  it('renames with the restaurant of the session', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Renombrar «Entradas»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renombrar «Entradas»' });
    const input = within(dialog).getByLabelText('Nombre de la categoría');
    expect(input).toHaveValue('Entradas');
    await user.clear(input);
    await user.type(input, 'Para picar');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Categoría actualizada.')).toBeInTheDocument();
    expect(writes(fake.calls)).toEqual([{ method: 'PUT', path: '/api/menu-group/10/', query: { rest: '7' }, body: { name: 'Para picar' } }]);
  });

  it('deletes only after confirming', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar «Bebidas»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar categoría' });
    expect(within(confirm).getByText('¿Eliminar la categoría «Bebidas» con sus subcategorías y platos?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(writes(fake.calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Eliminar «Bebidas»' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar categoría' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Categoría eliminada.')).toBeInTheDocument();
    expect(writes(fake.calls)).toEqual([{ method: 'DELETE', path: '/api/menu-group/20/', query: { rest: '7' }, body: null }]);
  });

  it('a category holding a dish of an open order is refused by its code, not its wording', async () => {
    setup();
    server.use(
      http.delete('*/api/menu-group/:id/', () => HttpResponse.json({ detail: 'cualquier texto', code: 'dish_active_in_order' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar «Entradas»' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar categoría' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Un plato de esta categoría está en una orden activa: la categoría no se puede eliminar.')).toBeInTheDocument();
    expect(screen.queryByText('cualquier texto')).not.toBeInTheDocument();
  });

  it('other server refusals are shown as the server wrote them, in English too', async () => {
    setup();
    server.use(
      http.post('*/api/menu-group/', () => HttpResponse.json({ non_field_errors: ['A category holds dishes or sub-categories, never both.'] }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner', locale: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Add a sub-category to “Entradas”' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Category name'), 'Frías');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A category holds dishes or sub-categories, never both.')).toBeInTheDocument();
    expect(screen.getByText('The category could not be created')).toBeInTheDocument();
  });

  it('with several menus nothing is listed until one is chosen, and adding asks for a menu', async () => {
    const fake = catalogServer({ menus: [{ id: 1, name: 'Carta', restaurant: 7, delivery: false }, { id: 2, name: 'Bar', restaurant: 7, delivery: false }] });
    server.use(...fake.handlers);
    const user = userEvent.setup();
    renderApp('/menu-group', { as: 'owner' });
    expect(await screen.findByText('Elegí un menú para ver sus categorías.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    expect(await screen.findByText('Debe seleccionar un menú.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/api/menu-group/')).toEqual([]);
  });
});
