import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@/lib/i18n/locale';
import { PASSWORD } from '@/testing/handlers';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

async function openLogin() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('open-login'));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('login dialog', () => {
  it('a wrong password shows the login error', async () => {
    renderApp('/');
    const { user, dialog } = await openLogin();
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), 'owner@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Error al ingresar')).toBeInTheDocument();
    expect(screen.getByText('Usuario o contraseña incorrectos.')).toBeInTheDocument();
  });

  it('too many attempts (429) shows its own message', async () => {
    server.use(http.post('*/api/auth/token/login/', () => HttpResponse.json({ detail: 'too many' }, { status: 429 })));
    renderApp('/');
    const { user, dialog } = await openLogin();
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), 'owner@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'whatever-123');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Demasiados intentos. Esperá unos minutos y volvé a probar.')).toBeInTheDocument();
  });

  it('checks the client rules before calling the server, each also as a notification', async () => {
    renderApp('/');
    const { user, dialog } = await openLogin();
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), 'owner@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    expect(await within(dialog).findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    // spec part 1 §8: form validation errors are each shown as a notification
    expect(await screen.findByText('Error al ingresar')).toBeInTheDocument();
    expect(screen.getAllByText('La contraseña debe tener al menos 8 caracteres')).toHaveLength(2);
  });

  it.each([
    ['admin@example.com', '/administrador'],
    ['owner@example.com', '/restaurante'],
    ['client@example.com', '/profile'],
    ['op@example.com', '/ordenes'],
  ])('%s lands on %s', async (username, target) => {
    const { router } = renderApp('/');
    const { user, dialog } = await openLogin();
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), username);
    await user.type(within(dialog).getByLabelText('Contraseña'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(localStorage.getItem('token')).toMatch(/^tok-/);
  });

  it('the demo login signs in the demo owner', async () => {
    const { router } = renderApp('/');
    const { user, dialog } = await openLogin();
    await user.click(await within(dialog).findByRole('button', { name: 'Probar con el usuario de prueba' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
  });

  it.each([
    ['off', HttpResponse.json({ enabled: false })],
    ['not answering', HttpResponse.json({ detail: 'busy' }, { status: 503 })],
  ])('where identity says the demo login is %s, the form has no demo button', async (_, answer) => {
    let asked = false;
    server.use(http.get('*/api/auth/token/demo/', () => ((asked = true), answer.clone())));
    renderApp('/');
    const { dialog } = await openLogin();
    await within(dialog).findByLabelText('Usuario o e-mail');
    await waitFor(() => expect(asked).toBe(true));
    // nothing on screen changes when the answer arrives: look a moment after it
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Probar con el usuario de prueba' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('the /cliente page’s login form offers the demo where it is on, in English too', async () => {
    renderApp('/cliente', { locale: 'en' });
    expect(await screen.findByRole('button', { name: 'Try the demo user' })).toBeInTheDocument();
  });

  it('login and forgot-password dialogs switch between each other; the reset request always succeeds', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/auth/users/reset_password/', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/');
    const { user, dialog } = await openLogin();
    await user.click(await within(dialog).findByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const firstForm = await screen.findByLabelText('E-mail');
    await user.click(screen.getByRole('button', { name: 'Volver a ingresar' }));
    expect(await screen.findByLabelText('Usuario o e-mail')).toBeInTheDocument();
    // back on the login form: the forgot-password form is gone, not hidden
    expect(firstForm).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    await user.type(await screen.findByLabelText('E-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Si el e-mail está registrado, te enviamos un enlace para restablecer la contraseña.')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ email: 'nobody@example.com' })]);
  });
});

describe('registration', () => {
  /** The bodies POSTed to `path`, which then goes on to the default handler. */
  function recordBodies(path: string) {
    const sent: unknown[] = [];
    server.use(
      http.post(path, async ({ request }) => {
        sent.push(await request.clone().json());
        // answering nothing hands the request on to the default handler
      }),
    );
    return sent;
  }

  async function fillRestaurant(email: string) {
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Registrá tu restaurante' });
    await user.type(within(form).getByLabelText('Nombre del local'), 'La Esquina');
    await user.type(within(form).getByLabelText('Teléfono'), '11-2345-6789');
    await user.type(within(form).getByLabelText('E-mail'), email);
    await user.type(within(form).getByLabelText('Contraseña'), 'secreto123');
    await user.type(within(form).getByLabelText('Repetir contraseña'), 'secreto123');
    await user.click(within(form).getByRole('checkbox'));
    return { user, form };
  }

  it('registering an owner lands on /restaurante', async () => {
    const sent = recordBodies('*/api/restaurant/');
    const { router } = renderApp('/resto');
    const { user, form } = await fillRestaurant('new@example.com');
    expect(within(form).getByLabelText('Teléfono')).toHaveValue('1123456789');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
    expect(await screen.findByText('Restaurante registrado correctamente.')).toBeInTheDocument();
    // identity records the acceptance of the terms only when the request says so
    expect(sent).toEqual([expect.objectContaining({ nombre_local: 'La Esquina', acepta_terminos: true })]);
  });

  it('each rule the form checks is its own notification too', async () => {
    renderApp('/resto');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Registrá tu restaurante' });
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(screen.getAllByText('Error en el registro').length).toBeGreaterThanOrEqual(5));
  });

  it('each server field error is its own notification', async () => {
    renderApp('/resto');
    const { user, form } = await fillRestaurant('taken@example.com');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Ya existe un usuario con este e-mail.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es demasiado común.')).toBeInTheDocument();
    expect(screen.getAllByText('Error en el registro')).toHaveLength(2);
  });

  it('the client registration dialog lands a new client on /profile', async () => {
    const sent = recordBodies('*/api/cliente/');
    const { router } = renderApp('/cliente');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Registrarse' }));
    const form = await screen.findByRole('form', { name: 'Crear cuenta de cliente' });
    await user.type(within(form).getByLabelText('Nombre y apellido'), 'Carla Gómez');
    await user.type(within(form).getByLabelText('E-mail'), 'carla@example.com');
    await user.type(within(form).getByLabelText('Contraseña'), 'secreto123');
    await user.type(within(form).getByLabelText('Repetir contraseña'), 'secreto123');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(form).findByText('Debés aceptar los términos y condiciones')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(sent).toEqual([{ fk_user: expect.objectContaining({ email: 'carla@example.com' }), acepta_terminos: true }]);
  });
});

describe('social login callback', () => {
  it('a refusal shows the server’s explanation and goes home', async () => {
    const detail = 'Este e-mail pertenece a una cuenta de restaurante. Ingresá con tu contraseña.';
    server.use(http.post('*/api/login/social/token_user/:provider/', () => HttpResponse.json({ detail, code: 'social_email_staff' }, { status: 400 })));
    sessionStorage.setItem('social_state', 'st-1');
    renderApp('/login/social/google-oauth2/callback?code=c-1&state=st-1');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByText('Error al ingresar')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('a forged state never reaches the server: the generic message', async () => {
    let called = false;
    server.use(http.post('*/api/login/social/token_user/:provider/', () => ((called = true), HttpResponse.json({}, { status: 500 }))));
    sessionStorage.setItem('social_state', 'st-1');
    renderApp('/login/social/google-oauth2/callback?code=c-1&state=other');
    expect(await screen.findByText('No se pudo ingresar con la red social.')).toBeInTheDocument();
    expect(called).toBe(false);
  });
});

describe('password reset confirmation', () => {
  it('an expired link shows the invalid-link message', async () => {
    renderApp('/recuperar-contrasena/MQ/expired');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña', { selector: 'input' }), 'nueva-clave-1');
    await user.type(screen.getByLabelText('Repetir contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('El enlace para restablecer la contraseña no es válido o ya venció.')).toBeInTheDocument();
  });

  it('a valid link saves the password and opens the login', async () => {
    const { router } = renderApp('/recuperar-contrasena/MQ/good-token');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña', { selector: 'input' }), 'nueva-clave-1');
    await user.type(screen.getByLabelText('Repetir contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('logout', () => {
  it('clears local storage except cookie consent, goes to / and says goodbye', async () => {
    localStorage.setItem('cookie-accepted', 'true');
    const { router } = renderApp('/restaurante', { as: 'owner' });
    localStorage.setItem('getpk', '7');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Cerraste sesión correctamente. ¡Hasta pronto!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('getpk')).toBeNull();
    expect(localStorage.getItem('cookie-accepted')).toBe('true');
  });

  it('the first-visit help closed before logging out stays closed at the next login', async () => {
    const { router } = renderApp('/restaurante', { as: 'owner' });
    const user = userEvent.setup();
    const help = await screen.findByRole('dialog', { name: 'Primeros pasos' });
    await user.click(within(help).getByRole('button', { name: 'Cerrar' }));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('StartResto')).toBe('2');
    const { dialog } = await openLogin();
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), 'owner@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
    expect(await screen.findByTestId('owner-home-title')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Primeros pasos' })).toBeNull();
  });

  it('the chosen language survives logout and the next page load', async () => {
    // jsdom's browser language is English: Spanish must come from the stored choice
    const { router } = renderApp('/restaurante', { as: 'owner', locale: 'en' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ES' }));
    await user.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('locale')).toBe('es');
    localeStore.reset(); // what a reload does: detect the language again
    expect(localeStore.get()).toBe('es');
  });
});
