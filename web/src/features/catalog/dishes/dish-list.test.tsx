import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { catalogServer, dish } from '../testing/catalog-handlers';

const TWO_MENUS = [
  { id: 1, name: 'Carta', restaurant: 7, delivery: false },
  { id: 2, name: 'Delivery', restaurant: 7, delivery: true },
];

function setup(opts?: Parameters<typeof catalogServer>[0]) {
  const fake = catalogServer(opts);
  server.use(...fake.handlers);
  return fake;
}

/** The only menu is preselected once the menus arrive. */
const menuChosen = () => waitFor(() => expect(screen.getByRole('combobox', { name: 'Menú' })).toHaveValue('Carta'));

/** The owner on /lista-de-platos once its dishes show and the only menu is chosen. */
async function openList(fake: ReturnType<typeof setup>) {
  const user = userEvent.setup();
  renderApp('/lista-de-platos', { as: 'owner' });
  await screen.findByTestId('dish-card-Empanada');
  await menuChosen();
  return { fake, user };
}

async function openDish(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByTestId(`dish-card-${name}`));
  return screen.findByRole('dialog', { name: 'Editar plato' });
}

/** Pick `label` in a Mantine select: its own dropdown (a portal) is the one its combobox controls. */
async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, label: string) {
  await user.click(combobox);
  const listbox = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')!);
  await user.click(within(listbox).getByText(label));
}

const dishQueries = (fake: ReturnType<typeof setup>) => fake.calls.filter((c) => c.method === 'GET' && c.path === '/api/dish/').map((c) => c.query);

describe('dish list (/lista-de-platos)', () => {
  it('cards show image, name, price, description and category; disabled dishes are grey', async () => {
    setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const card = await screen.findByTestId('dish-card-Empanada');
    expect(within(card).getByTestId('dish-price').textContent?.replace(/\s/g, ' ')).toMatch(/^\$ ?1\.500,00$/);
    expect(within(card).getByText('Empanada casera')).toBeInTheDocument();
    expect(within(card).getByText('Entradas')).toBeInTheDocument();
    expect(card).not.toHaveAttribute('data-disabled');
    expect(screen.getByTestId('dish-card-Provoleta')).toHaveAttribute('data-disabled', 'true');
    expect(within(screen.getByTestId('dish-card-Provoleta')).getByText('Deshabilitado')).toBeInTheDocument();
  });

  it('a dish can only be added after choosing a menu; the category selector waits for a menu', async () => {
    setup({ menus: TWO_MENUS });
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    await screen.findByTestId('dish-card-Empanada');
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Agregar plato' }));
    expect(await screen.findByText('Debe seleccionar un menú.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('?menu={id} preselects a menu and filters by it; paging asks 9 by default', async () => {
    const fake = setup({ menus: TWO_MENUS });
    renderApp('/lista-de-platos?menu=2', { as: 'owner' });
    await screen.findByTestId('dish-card-Empanada');
    expect(screen.getByRole('combobox', { name: 'Menú' })).toHaveValue('Delivery');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Categoría' })).toBeEnabled());
    expect(fake.calls.find((c) => c.path === '/api/dish/')?.query).toMatchObject({ menu_group__menu: '2', page: '1', size: '9', menu_group__menu__restaurant: '7' });
  });

  it('create: the form rules are the server’s, then a multipart POST with a 2-decimal price', { timeout: 30_000 }, async () => {
    const { fake, user } = await openList(setup());
    await user.click(screen.getByRole('button', { name: 'Agregar plato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo plato' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(within(dialog).getByText('Elegí una categoría.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveAttribute('maxLength', '60');
    expect(within(dialog).getByLabelText('Descripción')).toHaveAttribute('maxLength', '270');
    await user.type(within(dialog).getByLabelText('Nombre'), 'Humita');
    await user.type(within(dialog).getByLabelText('Precio'), '1.234,5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoría' }));
    // the dialog's own dropdown (a portal): the one its combobox controls
    const listbox = await waitFor(() => document.getElementById(within(dialog).getByRole('combobox', { name: 'Categoría' }).getAttribute('aria-controls') ?? '')!);
    await user.click(within(listbox).getByText('Entradas'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Plato creado.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST' && c.path === '/api/dish/')?.body).toMatchObject({
      name: 'Humita', price: '1234.50', menu_group: '10', description: '',
    });
  });

  it('a dish in an active order cannot be disabled: the disable-dish error', async () => {
    setup();
    server.use(
      // the screen goes by the stable code, not by the server's wording
      http.post('*/api/dish/:id/habilitar-inhabilitar/', () => HttpResponse.json({ detail: 'texto del servidor', code: 'dish_active_in_order' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Empanada');
    await user.click(within(dialog).getByRole('button', { name: 'Deshabilitar' }));
    expect(await screen.findByText('No se pudo deshabilitar el plato')).toBeInTheDocument();
    expect(screen.getByText('El plato está activo en una orden.')).toBeInTheDocument();
  });

  it('enable and disable', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Provoleta');
    await user.click(within(dialog).getByRole('button', { name: 'Habilitar' }));
    expect(await screen.findByText('Plato habilitado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dish-card-Provoleta')).not.toHaveAttribute('data-disabled'));
  });

  /** Opens Malbec, asks to delete it and answers the DELETE with `refusal`: the confirmation dialog. */
  async function askToDeleteMalbec(refusal: Record<string, string>) {
    setup();
    server.use(http.delete('*/api/dish/:id/', () => HttpResponse.json(refusal, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Malbec');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar plato' });
    return { confirm, accept: () => user.click(within(confirm).getByRole('button', { name: 'Eliminar' })) };
  }

  it("delete asks for confirmation; 'category cannot be left empty' shows that error and closes the dialog", async () => {
    const { confirm, accept } = await askToDeleteMalbec({ detail: 'texto del servidor', code: 'category_left_empty' });
    expect(within(confirm).getByText('¿Eliminar el plato «Malbec»?')).toBeInTheDocument();
    await accept();
    expect(await screen.findByText('La categoría no puede quedar vacía.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete of a dish held by an open order shows the active-in-order error and closes the dialog', async () => {
    const { accept } = await askToDeleteMalbec({ detail: 'texto del servidor', code: 'dish_active_in_order' });
    await accept();
    expect(await screen.findByText('El plato está activo en una orden.')).toBeInTheDocument();
    expect(screen.queryByText('La categoría no puede quedar vacía.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refusal without a known code shows the server’s own message', async () => {
    const { accept } = await askToDeleteMalbec({ detail: 'Otro motivo del servidor.' });
    await accept();
    expect(await screen.findByText('Otro motivo del servidor.')).toBeInTheDocument();
    expect(screen.queryByText('La categoría no puede quedar vacía.')).not.toBeInTheDocument();
  });

  it('update: the dish_name_taken code shows the unique-dish-name error', async () => {
    setup();
    server.use(http.put('*/api/dish/:id/', () => HttpResponse.json({ non_field_errors: ['x'], code: 'dish_name_taken' }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Empanada');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El plato debe ser único en la categoría.')).toBeInTheDocument();
  });

  it('the upload dialog requires an image and takes png, jpeg or bmp', async () => {
    const fake = setup();
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Empanada');
    expect(within(dialog).getByText('Este plato no tiene imágenes.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar imagen' }));
    const upload = await screen.findByRole('dialog', { name: 'Subir imagen' });
    await user.click(within(upload).getByRole('button', { name: 'Subir' }));
    expect(await within(upload).findByText('Elegí una imagen.')).toBeInTheDocument();
    const input = upload.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/bmp');
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    await user.click(within(upload).getByRole('button', { name: 'Subir' }));
    expect(await within(upload).findByText('La imagen debe ser PNG, JPEG o BMP.')).toBeInTheDocument();
    server.use(http.post('*/api/dish-image/', () => HttpResponse.json({ id: 5, dish: 100, image: '/media/x.png', soft_delete: false }, { status: 201 })));
    await user.upload(input, new File(['bmp'], 'a.bmp', { type: 'image/bmp' }));
    await user.click(within(upload).getByRole('button', { name: 'Subir' }));
    expect(await screen.findByText('Imagen agregada.')).toBeInTheDocument();
    void fake;
  });

  it('the search box sends search= to GET dish/ and the grid shows what the server answers', async () => {
    const fake = setup();
    const searched: Record<string, string>[] = [];
    server.use(
      // the server decides what matches (here a dish whose name does not contain the text): the grid shows its answer
      http.get('*/api/dish/', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        if (!query.search) return undefined; // the fake's own answer
        searched.push(query);
        return HttpResponse.json({ count: 1, results: [dish(300, 'Humita', '2000.00', { id: 10, name: 'Entradas' }, { description: 'Con choclo' })] });
      }),
    );
    const { user } = await openList(fake);
    expect(dishQueries(fake).every((q) => !('search' in q))).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'choclo');
    expect(await screen.findByTestId('dish-card-Humita')).toBeInTheDocument();
    expect(screen.queryByTestId('dish-card-Empanada')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dish-card-Malbec')).not.toBeInTheDocument();
    expect(screen.getByText('1 plato')).toBeInTheDocument();
    // debounced: one request with the whole text, on page 1 of the chosen menu
    expect(searched).toHaveLength(1);
    expect(searched[0]).toMatchObject({ search: 'choclo', page: '1', size: '9', menu_group__menu: '1' });
  });

  it('the category selector, enabled once a menu is chosen, sends menu_group= to GET dish/', async () => {
    const { fake, user } = await openList(setup());
    const category = screen.getByRole('combobox', { name: 'Categoría' });
    await waitFor(() => expect(category).toBeEnabled());
    expect(dishQueries(fake).every((q) => !('menu_group' in q))).toBe(true);
    await pick(user, category, 'Bebidas / Vinos');
    await waitFor(() => expect(dishQueries(fake).at(-1)).toMatchObject({ menu_group: '21', menu_group__menu: '1', page: '1' }));
    // the fake filters by menu_group: only the wine is left
    await waitFor(() => expect(screen.queryByTestId('dish-card-Empanada')).not.toBeInTheDocument());
    expect(screen.getByTestId('dish-card-Malbec')).toBeInTheDocument();
    expect(category).toHaveValue('Bebidas / Vinos');
  });

  it('deleting the only dish of the last page shows the page before, not an empty grid', async () => {
    const many = Array.from({ length: 10 }, (_, i) => dish(200 + i, `Plato ${i + 1}`, '1000.00', { id: 10, name: 'Entradas' }));
    const fake = setup({ dishes: many });
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    await screen.findByTestId('dish-card-Plato 1');
    await menuChosen();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    const dialog = await openDish(user, 'Plato 10');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar plato' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('dish-card-Plato 9')).toBeInTheDocument();
    expect(dishQueries(fake).at(-1)).toMatchObject({ page: '1' });
  });

  it('the page size asks GET dish/ for 18 and for 36', async () => {
    const { fake, user } = await openList(setup());
    const pageSize = screen.getByRole('combobox', { name: 'Platos por página' });
    expect(dishQueries(fake).every((q) => q.size === '9')).toBe(true);
    await pick(user, pageSize, '18 por página');
    await waitFor(() => expect(dishQueries(fake).at(-1)).toMatchObject({ size: '18', page: '1' }));
    expect(pageSize).toHaveValue('18 por página');
    await pick(user, pageSize, '36 por página');
    await waitFor(() => expect(dishQueries(fake).at(-1)).toMatchObject({ size: '36', page: '1' }));
    expect(pageSize).toHaveValue('36 por página');
  });

  describe('the edit dialog’s image carousel', () => {
    const withImages = () => [
      dish(100, 'Empanada', '1500.00', { id: 10, name: 'Entradas' }, {
        dish_dimage: [
          { id: 51, dish: 100, image: '/media/a.png', soft_delete: false },
          { id: 52, dish: 100, image: '/media/b.png', soft_delete: false },
        ],
      }),
    ];

    it('replace sends the new file with PUT dish-image/{id}/ and says it was replaced', async () => {
      setup({ dishes: withImages() });
      const sent: { method: string; path: string }[] = [];
      server.use(
        http.put('*/api/dish-image/:id/', ({ request, params }) => {
          sent.push({ method: request.method, path: new URL(request.url).pathname });
          return HttpResponse.json({ id: Number(params.id), dish: 100, image: '/media/c.png', soft_delete: false });
        }),
      );
      // jsdom's File cannot be read back from the request inside a handler: the form is read where it is sent,
      // and the call goes on to the handler above
      const put = api.PUT.bind(api);
      const forms: FormData[] = [];
      const spy = vi.spyOn(api, 'PUT').mockImplementation(((path: string, init: { body: unknown }) => {
        if (path === '/api/dish-image/{image_id}/') forms.push(init.body as FormData);
        return put(path as never, init as never);
      }) as never);
      try {
        const user = userEvent.setup();
        renderApp('/lista-de-platos', { as: 'owner' });
        const dialog = await openDish(user, 'Empanada');
        expect(within(dialog).getByText('Imagen 1 de 2')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Imagen siguiente' }));
        expect(within(dialog).getByText('Imagen 2 de 2')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Reemplazar' }));
        const replace = await screen.findByRole('dialog', { name: 'Reemplazar imagen' });
        await user.upload(replace.querySelector('input[type="file"]') as HTMLInputElement, new File(['png'], 'nueva.png', { type: 'image/png' }));
        await user.click(within(replace).getByRole('button', { name: 'Reemplazar' }));
        expect(await screen.findByText('Imagen reemplazada.')).toBeInTheDocument();
        // the image shown (the second) is the one replaced, with the chosen file
        expect(sent).toEqual([{ method: 'PUT', path: '/api/dish-image/52/' }]);
        expect(forms).toHaveLength(1);
        expect(forms[0].get('image')).toHaveProperty('name', 'nueva.png');
      } finally {
        spy.mockRestore();
      }
    });

    it('delete sends DELETE dish-image/{id}/ (the soft delete) and says it was deleted', async () => {
      setup({ dishes: withImages() });
      const sent: { method: string; path: string }[] = [];
      server.use(
        http.delete('*/api/dish-image/:id/', ({ request }) => {
          sent.push({ method: request.method, path: new URL(request.url).pathname });
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const user = userEvent.setup();
      renderApp('/lista-de-platos', { as: 'owner' });
      const dialog = await openDish(user, 'Empanada');
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar imagen' }));
      expect(await screen.findByText('Imagen eliminada.')).toBeInTheDocument();
      expect(sent).toEqual([{ method: 'DELETE', path: '/api/dish-image/51/' }]);
    });
  });

  it('create: when the payment provider cannot be reached, the marketplace error', { timeout: 30_000 }, async () => {
    const fake = setup();
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/dish/', async ({ request }) => {
        posted.push(Object.fromEntries((await request.formData()).entries()));
        return HttpResponse.json({ detail: 'No se pudo conectar con Mercado Pago.', code: 'marketplace_unavailable' }, { status: 400 });
      }),
    );
    const { user } = await openList(fake);
    await user.click(screen.getByRole('button', { name: 'Agregar plato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo plato' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Humita');
    await user.type(within(dialog).getByLabelText('Precio'), '100');
    await pick(user, within(dialog).getByRole('combobox', { name: 'Categoría' }), 'Entradas');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error de MercadoPago')).toBeInTheDocument();
    expect(screen.getByText('No pudimos comunicarnos con MercadoPago. Vinculá tu cuenta o probá más tarde.')).toBeInTheDocument();
    expect(screen.queryByText('No se pudo conectar con Mercado Pago.')).not.toBeInTheDocument();
    expect(screen.queryByText('No se pudo crear el plato')).not.toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ name: 'Humita', price: '100.00', menu_group: '10' });
  });

  it('update refused with code category_left_empty shows the category-empty error', async () => {
    setup();
    const sent: { method: string; path: string }[] = [];
    server.use(
      http.put('*/api/dish/:id/', ({ request }) => {
        sent.push({ method: request.method, path: new URL(request.url).pathname });
        // the screen goes by the stable code, not by the server's wording
        return HttpResponse.json({ detail: 'texto del servidor', code: 'category_left_empty' }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Empanada');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La categoría no puede quedar vacía.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo actualizar el plato')).toBeInTheDocument();
    expect(screen.queryByText('texto del servidor')).not.toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/api/dish/100/' }]);
  });

  describe('bulk price update', () => {
    async function openBulk() {
      const user = userEvent.setup();
      renderApp('/lista-de-platos', { as: 'owner' });
      await screen.findByTestId('dish-card-Empanada');
      await menuChosen();
      await user.click(screen.getByRole('button', { name: 'Actualización masiva de precios' }));
      return { user, dialog: await screen.findByRole('dialog', { name: 'Actualización masiva de precios' }) };
    }

    it('the value takes 6 characters for a percentage and 13 for an amount', async () => {
      setup();
      const { user, dialog } = await openBulk();
      expect(within(dialog).getByRole('textbox', { name: 'Porcentaje' })).toHaveAttribute('maxLength', '6');
      await user.click(within(dialog).getByText('Monto'));
      expect(within(dialog).getByRole('textbox', { name: 'Monto' })).toHaveAttribute('maxLength', '13');
    });

    it('success when every dish was updated; the body has the spec’s names', async () => {
      const fake = setup();
      const { user, dialog } = await openBulk();
      await user.type(within(dialog).getByRole('textbox', { name: 'Porcentaje' }), '10');
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('Precios actualizados.')).toBeInTheDocument();
      expect(fake.calls.find((c) => c.path === '/api/actualizar-precio-masivo/')).toMatchObject({
        query: { id_menu: '1' },
        body: { tipo_cambio: 'Porcentaje', valor: '10', tipo_update: 1, category: -1 },
      });
    });

    it('an amount is read as prices are: 1.500 in Spanish is fifteen hundred, shown back as 1.500,00; lowering sends 0', async () => {
      const fake = setup();
      const { user, dialog } = await openBulk();
      await user.click(within(dialog).getByText('Monto'));
      await user.click(within(dialog).getByText('Disminuir'));
      const amount = within(dialog).getByRole('textbox', { name: 'Monto' });
      await user.type(amount, '1.500');
      await user.tab();
      expect(amount).toHaveValue('1.500,00');
      expect(within(dialog).queryByText('Este campo es obligatorio')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('Precios actualizados.')).toBeInTheDocument();
      expect(fake.calls.find((c) => c.path === '/api/actualizar-precio-masivo/')).toMatchObject({
        body: { tipo_cambio: 'Precio', valor: '1500', tipo_update: 0, category: -1 },
      });
    });

    it('a warning when some dishes were not updated', async () => {
      setup();
      server.use(
        http.post('*/api/actualizar-precio-masivo/', () =>
          HttpResponse.json({ detail: '', updated: 1, dish_no_update: [{ pk: 100, name: 'Empanada', price: '1.50' }] }),
        ),
      );
      const { user, dialog } = await openBulk();
      await user.click(within(dialog).getByText('Disminuir'));
      await user.type(within(dialog).getByRole('textbox', { name: 'Porcentaje' }), '90');
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('Algunos platos no se actualizaron')).toBeInTheDocument();
      expect(screen.getByText('Su precio quedaría por debajo de 1: Empanada.')).toBeInTheDocument();
    });

    it('403 shows each message', async () => {
      setup();
      const sent: Record<string, string>[] = [];
      server.use(
        http.post('*/api/actualizar-precio-masivo/', ({ request }) => {
          sent.push(Object.fromEntries(new URL(request.url).searchParams));
          return HttpResponse.json({ detail: 'No tenés permiso para cambiar los precios de este menú.' }, { status: 403 });
        }),
      );
      const { user, dialog } = await openBulk();
      await user.type(within(dialog).getByRole('textbox', { name: 'Porcentaje' }), '5');
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('No tenés permiso para cambiar los precios de este menú.')).toBeInTheDocument();
      expect(screen.getByText('No se pudieron actualizar los precios')).toBeInTheDocument();
      expect(sent).toEqual([{ id_menu: '1' }]);
    });

    it('400 shows each field’s first message; 500 shows Error 500', async () => {
      setup();
      server.use(
        http.post('*/api/actualizar-precio-masivo/', () =>
          HttpResponse.json({ valor: ['El valor debe ser mayor a 0.', 'otro'] }, { status: 400 }),
          { once: true },
        ),
      );
      const { user, dialog } = await openBulk();
      await user.type(within(dialog).getByRole('textbox', { name: 'Porcentaje' }), '5');
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('El valor debe ser mayor a 0.')).toBeInTheDocument();
      expect(screen.queryByText('otro')).not.toBeInTheDocument();
      server.use(http.post('*/api/actualizar-precio-masivo/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar precios' }));
      expect(await screen.findByText('Error 500')).toBeInTheDocument();
    });
  });

  it('in English: the choose-a-menu warning', async () => {
    setup({ menus: TWO_MENUS });
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner', locale: 'en' });
    await screen.findByTestId('dish-card-Empanada');
    await user.click(screen.getByRole('button', { name: 'Add dish' }));
    expect(await screen.findByText('You must select a menu.')).toBeInTheDocument();
  });
});
