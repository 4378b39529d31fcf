import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { floorServer, sit } from '../testing/floor-handlers';

function setup(opts?: Parameters<typeof floorServer>[0]) {
  const fake = floorServer(opts);
  server.use(...fake.handlers);
  return fake;
}

const places = () => Array.from(screen.getByTestId('floor-grid').querySelectorAll('[data-testid^="place-"]')).map((el) => el.getAttribute('data-testid')!.slice(6));
const writes = (fake: ReturnType<typeof setup>) => fake.calls.filter((c) => c.method !== 'GET');

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByTestId('place-M1');
  await user.click(screen.getByRole('button', { name: 'Editar croquis' }));
}

describe('floor sketch (/croquis-restaurante)', () => {
  it('starts in view mode: the places are drawn, nothing can be added or opened', async () => {
    setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await screen.findByTestId('place-M1');
    expect(places()).toEqual(['M1', 'M3', 'S1']);
    expect(screen.queryByRole('button', { name: 'Agregar mesa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mesa M1' })).toBeDisabled();
  });

  it('adds places with automatic names: the gap below the highest number first, one counter per kind', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    await user.click(screen.getByRole('button', { name: 'Agregar silla' }));
    await user.click(screen.getByRole('button', { name: 'Agregar punto de delivery' }));
    expect(places()).toEqual(['M1', 'M3', 'S1', 'M2', 'M4', 'S2', 'D1']);
  });

  it('with several menus none is preselected and adding asks for one', async () => {
    setup({ menus: [{ id: 1, name: 'Carta', restaurant: 7, delivery: false }, { id: 2, name: 'Bar', restaurant: 7, delivery: false }] });
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    expect(await screen.findByText('Debe seleccionar un menú para agregar un lugar.')).toBeInTheDocument();
    expect(places()).toEqual(['M1', 'M3', 'S1']);
  });

  it('saving with nothing new, changed or removed says so and calls nothing', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay datos para guardar.')).toBeInTheDocument();
    expect(writes(fake)).toEqual([]);
  });

  it("the rename dialog applies the sketch's name rules", async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Mesa M3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lugar M3' });
    const name = within(dialog).getByLabelText('Nombre');
    const apply = within(dialog).getByRole('button', { name: 'Aplicar' });
    for (const [value, message] of [
      ['', 'El nombre es obligatorio.'],
      ['S9', 'Nombre inválido.'],
      ['D9', 'Nombre inválido.'],
      ['M1', 'Ya hay un lugar con ese nombre.'],
    ]) {
      await user.clear(name);
      if (value) await user.type(name, value);
      await user.click(apply);
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.clear(name);
    await user.type(name, 'm7');
    await user.click(apply);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(places()).toEqual(['M1', 'M7', 'S1']);
    // the renamed number is free again
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    expect(places()).toEqual(['M1', 'M7', 'S1', 'M2']);
  });

  it('saves new, changed and removed places; a place in use comes back with an error naming it', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    for (const place of ['Mesa M3', 'Silla S1']) {
      await user.click(screen.getByRole('button', { name: place }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quitar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(places()).toEqual(['M1', 'M2']);
    // an order is placed at M3 while the draft is open
    fake.active.add('M3');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('M3 tiene órdenes activas: no se puede eliminar.')).toBeInTheDocument();
    expect(screen.queryByText('Croquis guardado.')).not.toBeInTheDocument();
    await waitFor(() => expect(places()).toEqual(['M1', 'M3', 'M2']));
    expect(screen.queryByRole('button', { name: 'Agregar mesa' })).not.toBeInTheDocument();
    const w = writes(fake);
    // removed first, so a freed name could go to a new place in the same save
    expect(w.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/sit/verificar-sit/', 'POST /api/sit/verificar-sit/', 'POST /api/sit/delete/', 'POST /api/sit/']);
    expect(w[2].body).toEqual({ location: [{ id: 3 }, { id: 5 }] });
    expect(w[3].body).toEqual({ location: [expect.objectContaining({ fk_resto: 7, fk_menu: 1, i_name: 'M2', sit_type: 'mesa', w_width: 1, h_high: 1 })] });
  });

  it('removing a place with open orders is refused at once, naming it', async () => {
    const fake = setup({ active: ['M3'] });
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Mesa M3' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('M3 tiene órdenes activas: no se puede eliminar.')).toBeInTheDocument();
    expect(places()).toEqual(['M1', 'M3', 'S1']);
    expect(writes(fake).map((c) => c.body)).toEqual([{ id: 3 }]);
  });

  it('a clean save says the sketch was saved; a renamed place is sent as an update', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Silla S1' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Nombre'));
    await user.type(within(dialog).getByLabelText('Nombre'), 'S4');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Croquis guardado.')).toBeInTheDocument();
    expect(writes(fake)).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/sit/update/', body: { location: [expect.objectContaining({ id: 5, i_name: 'S4', sit_type: 'silla' })] } })]);
  });

  it("the place's admin switch (staff may add orders and comments there) is saved with it", async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Mesa M3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lugar M3' });
    const admin = within(dialog).getByRole('switch', { name: /^Órdenes del personal/ });
    expect(admin).toBeChecked();
    expect(within(dialog).getByText('El personal puede agregar órdenes y comentarios en este lugar.')).toBeInTheDocument();
    await user.click(admin);
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Croquis guardado.')).toBeInTheDocument();
    expect(writes(fake)).toEqual([expect.objectContaining({ path: '/api/sit/update/', body: { location: [expect.objectContaining({ id: 3, admin: false })] } })]);
  });

  it('cancel asks first and then puts back what the server has', async () => {
    const fake = setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Agregar silla' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancelar la edición' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(places()).toEqual(['M1', 'M3', 'S1', 'S2']);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar la edición' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(places()).toEqual(['M1', 'M3', 'S1']));
    expect(screen.getByRole('button', { name: 'Editar croquis' })).toBeInTheDocument();
    expect(writes(fake)).toEqual([]);
  });

  it('leaving with unsaved changes asks to discard them', async () => {
    setup();
    const user = userEvent.setup();
    const { router } = renderApp('/croquis-restaurante', { as: 'owner' });
    await startEditing(user);
    await user.click(screen.getByRole('button', { name: 'Agregar mesa' }));
    await router.navigate('/menu');
    expect(await screen.findByRole('dialog', { name: '¿Descartar cambios?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/croquis-restaurante');
  });

  it('a server refusal is shown as sent, and the draft stays', async () => {
    setup();
    server.use(http.post('*/api/sit/', () => HttpResponse.json({ i_name: ['Invalid name.'] }, { status: 400 })));
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner', locale: 'en' });
    await screen.findByTestId('place-M1');
    await user.click(screen.getByRole('button', { name: 'Edit sketch' }));
    await user.click(screen.getByRole('button', { name: 'Add table' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sketch could not be saved')).toBeInTheDocument();
    expect(screen.getByText('Invalid name.')).toBeInTheDocument();
    expect(places()).toEqual(['M1', 'M3', 'S1', 'M2']);
  });

  it('the help dialog explains the editor', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/croquis-restaurante', { as: 'owner' });
    await screen.findByTestId('place-M1');
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    const help = await screen.findByRole('dialog', { name: 'Ayuda del croquis' });
    expect(within(help).getByText(/M para mesas, S para sillas y D para delivery/)).toBeInTheDocument();
    expect(within(help).getByText(/Un lugar con órdenes activas no se puede quitar/)).toBeInTheDocument();
  });

  it('an operator edits the sketch of their restaurant', async () => {
    setup({ sits: [sit(1, 'M1')] });
    renderApp('/croquis-restaurante', { as: 'operator' });
    expect(await screen.findByTestId('place-M1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar croquis' })).toBeEnabled();
  });
});
