import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { catalogServer } from '../testing/catalog-handlers';

function setup(opts?: Parameters<typeof catalogServer>[0]) {
  const fake = catalogServer(opts);
  server.use(...fake.handlers);
  return fake;
}

/** The grip of an item, as the keyboard reaches it: Space picks up, arrows move, Space drops. */
async function keyboardMove(name: string, keys: string[]) {
  const grip = await screen.findByRole('button', { name: `Mover ${name}` });
  grip.focus();
  fireEvent.keyDown(grip, { key: ' ' });
  for (const key of keys) fireEvent.keyDown(document.activeElement ?? grip, { key });
  fireEvent.keyDown(document.activeElement ?? grip, { key: ' ' });
}

const dishesIn = (category: string) =>
  Array.from(screen.getByTestId(`tree-category-${category}`).querySelectorAll('[data-tree-row="dish"]')).map((el) =>
    el.getAttribute('data-testid')?.replace('tree-dish-', ''),
  );

const CATEGORY_MESSAGE = /categor(ía|ías) (creada|actualizada|eliminada)s?\./i;

describe('menu editor (/menu)', () => {
  it('the only menu is preselected and its tree is shown, read only', async () => {
    setup();
    renderApp('/menu', { as: 'owner' });
    expect(await screen.findByTestId('tree-category-Entradas')).toBeInTheDocument();
    expect(screen.getByTestId('tree-category-Vinos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mover Empanada' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Enlace del menú' })).toHaveValue(`${window.location.origin}/menus?menu=1`);
  });

  it('a dish moved with the keyboard is saved in its new place, with the whole tree', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await keyboardMove('Provoleta', ['ArrowUp']);
    expect(dishesIn('Entradas')).toEqual(['Provoleta', 'Empanada']);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Menú actualizado.')).toBeInTheDocument();
    // only a dish moved: no category message
    expect(screen.queryByText(CATEGORY_MESSAGE)).not.toBeInTheDocument();
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path === '/api/create-nestable-menu/');
    expect(put?.body).toEqual({
      menus: [
        {
          pk: 1, restaurant: 7, name: 'Carta', delivery: false,
          group_menu: [
            { id: 10, name: 'Entradas', dishes: [{ pk: 101, name: 'Provoleta' }, { pk: 100, name: 'Empanada' }], sub_categories: [] },
            { id: 20, name: 'Bebidas', dishes: [], sub_categories: [{ id: 21, name: 'Vinos', dishes: [{ pk: 200, name: 'Malbec' }], sub_categories: [] }] },
          ],
        },
      ],
    });
  });

  it('a save that adds, renames and removes categories says so once per kind, besides the menu message', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar la categoría Entradas' }));
    const vinos = screen.getAllByRole('textbox', { name: 'Nombre de la categoría' }).find((el) => (el as HTMLInputElement).value === 'Vinos')!;
    await user.clear(vinos);
    await user.type(vinos, 'Vinos tintos');
    await user.click(screen.getByRole('button', { name: 'Agregar categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await user.type(within(dialog).getByLabelText('Nombre de la categoría'), 'Postres');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar plato a Postres' }));
    const dishDialog = await screen.findByRole('dialog', { name: 'Nuevo plato en «Postres»' });
    await user.type(within(dishDialog).getByLabelText('Nombre'), 'Flan');
    await user.type(within(dishDialog).getByLabelText('Precio'), '3000');
    await user.click(within(dishDialog).getByRole('button', { name: 'Agregar' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Menú actualizado.')).toBeInTheDocument();
    expect(await screen.findByText('Categoría creada.')).toBeInTheDocument();
    // one, Vinos: Bebidas only moved up because Entradas went, which the owner did not ask for
    expect(await screen.findByText('Categoría actualizada.')).toBeInTheDocument();
    expect(await screen.findByText('Categoría eliminada.')).toBeInTheDocument();
    expect(screen.getAllByText(CATEGORY_MESSAGE)).toHaveLength(3);
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path === '/api/create-nestable-menu/');
    expect((put?.body as { menus: { group_menu: unknown }[] }).menus[0].group_menu).toEqual([
      { id: 20, name: 'Bebidas', dishes: [], sub_categories: [{ id: 21, name: 'Vinos tintos', dishes: [{ pk: 200, name: 'Malbec' }], sub_categories: [] }] },
      { name: 'Postres', dishes: [{ name: 'Flan', price: '3000.00' }], sub_categories: [] },
    ]);
  });

  it('dishes move only among dish lists: the keyboard skips the category of sub-categories', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await keyboardMove('Empanada', ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown']);
    expect(dishesIn('Entradas')).toEqual(['Provoleta']);
    expect(dishesIn('Vinos')).toEqual(['Malbec', 'Empanada']);
    expect(screen.getByTestId('tree-category-Bebidas').querySelector(':scope > [role="group"] > div > [data-tree-row="dish"]')).toBeNull();
  });

  it('Escape puts a picked item back', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    const grip = await screen.findByRole('button', { name: 'Mover Provoleta' });
    grip.focus();
    fireEvent.keyDown(grip, { key: 'Enter' });
    fireEvent.keyDown(grip, { key: 'ArrowUp' });
    expect(dishesIn('Entradas')).toEqual(['Provoleta', 'Empanada']);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dishesIn('Entradas')).toEqual(['Empanada', 'Provoleta']);
  });

  it('the client refuses what the server would (an empty category) and sends nothing', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar el plato Malbec' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La categoría no puede estar vacía.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/api/create-nestable-menu/')).toBe(false);
  });

  it("the server's non_field_errors are shown", async () => {
    setup();
    server.use(
      http.put('*/api/create-nestable-menu/', () =>
        HttpResponse.json({ non_field_errors: ['El plato está activo en una orden.'] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar el plato Provoleta' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El plato está activo en una orden.')).toBeInTheDocument();
  });

  it('a new menu: add-category dialog (name, order), a dish with its price, created with POST', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Crear menú' }));
    await user.type(screen.getByLabelText('Nombre del menú'), 'Nuevo');
    await user.click(screen.getByRole('button', { name: 'Agregar categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    expect(within(dialog).getByText('Servicio de mesa')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Orden')).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('El campo categoría no puede estar vacío.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre de la categoría'), 'Postres');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar plato a Postres' }));
    const dishDialog = await screen.findByRole('dialog', { name: 'Nuevo plato en «Postres»' });
    await user.type(within(dishDialog).getByLabelText('Nombre'), 'Flan');
    await user.type(within(dishDialog).getByLabelText('Precio'), '0,5');
    await user.click(within(dishDialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dishDialog).findByText('El precio no puede ser menor a 1.')).toBeInTheDocument();
    await user.clear(within(dishDialog).getByLabelText('Precio'));
    await user.type(within(dishDialog).getByLabelText('Precio'), '3.000,5');
    await user.click(within(dishDialog).getByRole('button', { name: 'Agregar' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Menú creado.')).toBeInTheDocument();
    expect(await screen.findByText('Categoría creada.')).toBeInTheDocument();
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/api/create-nestable-menu/');
    expect(post?.body).toEqual({
      menus: [{ restaurant: 7, name: 'Nuevo', delivery: false, group_menu: [{ name: 'Postres', dishes: [{ name: 'Flan', price: '3000.50' }], sub_categories: [] }] }],
    });
  });

  it('cancelling with changes asks to discard them', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    await user.click(screen.getByRole('button', { name: 'Editar menú' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar el plato Provoleta' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar cambios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mover Empanada' })).not.toBeInTheDocument());
    expect(screen.getByTestId('tree-dish-Provoleta')).toBeInTheDocument();
  });

  it('delete asks for confirmation and carries the restaurant', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await screen.findByTestId('tree-category-Entradas');
    const menuReads = () => fake.calls.filter((c) => c.method === 'GET' && c.path === '/api/menu/').length;
    const before = menuReads();
    await user.click(screen.getByRole('button', { name: 'Eliminar menú' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar menú' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Menú eliminado.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/menu/1/', query: { restaurant: '7' } });
    // the restaurant's menus (one entry for every screen) are read again
    await waitFor(() => expect(menuReads()).toBe(before + 1));
  });

  it('the Delivery / Take Away switch sets the menu’s delivery flag', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    const toggle = await screen.findByRole('switch', { name: /Delivery \/ Take Away/ });
    const menuReads = () => fake.calls.filter((c) => c.method === 'GET' && c.path === '/api/menu/').length;
    const before = menuReads();
    await user.click(toggle);
    expect(await screen.findByText('Menú actualizado.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PUT' && c.path === '/api/menu/1/')).toMatchObject({
      query: { restaurant: '7' },
      body: { delivery: true, restaurant: 7 },
    });
    // one delivery menu per restaurant: the menus are read again, for every screen that shows them
    await waitFor(() => expect(menuReads()).toBe(before + 1));
  });

  it('the public link is copied with one tap', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/menu', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Copiar enlace' }));
    expect(await screen.findByText('Enlace copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/menus?menu=1`);
  });

  it('in English', async () => {
    setup({ menus: [] });
    renderApp('/menu', { as: 'owner', locale: 'en' });
    expect(await screen.findByText('No menus yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create menu' })).toBeInTheDocument();
  });
});
