import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { identityFake } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

/**
 * Every phone field says its rule before anyone types a wrong one (spec part 2 §5: digits only, 8
 * to 20): registration, a new restaurant, the restaurant profile, the client profile (the delivery
 * contact is in delivery-dialogs.test.tsx). A read-only field says nothing; WhatsApp has its own rule.
 */
beforeEach(() => server.use(...identityFake().handlers));

const HINT = 'Solo números, entre 8 y 20 dígitos.';

describe('phone fields', () => {
  it('the restaurant registration, in Spanish and in English', async () => {
    const { unmount } = renderApp('/resto');
    let form = await screen.findByRole('form', { name: 'Registrá tu restaurante' });
    expect(within(form).getByLabelText('Teléfono')).toHaveAccessibleDescription(HINT);
    unmount();
    renderApp('/resto', { locale: 'en' });
    form = await screen.findByRole('form', { name: 'Register your restaurant' });
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription('Digits only, 8 to 20 of them.');
  });

  it('a new restaurant', async () => {
    renderApp('/crear-restaurante', { as: 'owner' });
    expect(await screen.findByLabelText(/^Teléfono/)).toHaveAccessibleDescription(HINT);
  });

  it('the restaurant profile: nothing in the read view; in edit mode the phone 8 to 20, WhatsApp up to 20', async () => {
    const user = userEvent.setup();
    renderApp('/editar-restaurante', { as: 'owner' });
    act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
    const form = await screen.findByRole('form', { name: 'Perfil del restaurante' });
    expect(within(form).getByLabelText(/^Teléfono/)).toHaveAccessibleDescription('');
    await user.click(screen.getByTestId('profile-edit-toggle'));
    expect(within(form).getByLabelText(/^Teléfono/)).toHaveAccessibleDescription(HINT);
    expect(within(form).getByLabelText('WhatsApp')).toHaveAccessibleDescription('Solo números, hasta 20, con código de país; se guarda como enlace wa.me.');
  });

  it('the client profile, in edit mode', async () => {
    const user = userEvent.setup();
    renderApp('/profile', { as: 'client' });
    const form = await screen.findByRole('form', { name: 'Mi perfil' });
    expect(within(form).getByLabelText(/^Teléfono/)).toHaveAccessibleDescription('');
    await user.click(screen.getByTestId('profile-edit-toggle'));
    expect(within(form).getByLabelText(/^Teléfono/)).toHaveAccessibleDescription(HINT);
  });
});
