import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { catalogServer } from '../testing/catalog-handlers';

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

async function openDish(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByTestId(`dish-card-${name}`));
  return screen.findByRole('dialog', { name: 'Editar plato' });
}

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
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    await screen.findByTestId('dish-card-Empanada');
    await menuChosen();
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

  it("delete asks for confirmation; 'category cannot be left empty' shows that error and closes the dialog", async () => {
    setup();
    server.use(http.delete('*/api/dish/:id/', () => HttpResponse.json({ detail: 'texto del servidor', code: 'category_left_empty' }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Malbec');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar plato' });
    expect(within(confirm).getByText('¿Eliminar el plato «Malbec»?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('La categoría no puede quedar vacía.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete of a dish held by an open order shows the active-in-order error and closes the dialog', async () => {
    setup();
    server.use(http.delete('*/api/dish/:id/', () => HttpResponse.json({ detail: 'texto del servidor', code: 'dish_active_in_order' }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Malbec');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar plato' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('El plato está activo en una orden.')).toBeInTheDocument();
    expect(screen.queryByText('La categoría no puede quedar vacía.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refusal without a known code shows the server’s own message', async () => {
    setup();
    server.use(http.delete('*/api/dish/:id/', () => HttpResponse.json({ detail: 'Otro motivo del servidor.' }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/lista-de-platos', { as: 'owner' });
    const dialog = await openDish(user, 'Malbec');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar plato' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Otro motivo del servidor.')).toBeInTheDocument();
    expect(screen.queryByText('La categoría no puede quedar vacía.')).not.toBeInTheDocument();
  });

  it('update: non_field_errors show the unique-dish-name error', async () => {
    setup();
    server.use(http.put('*/api/dish/:id/', () => HttpResponse.json({ non_field_errors: ['x'] }, { status: 400 })));
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
