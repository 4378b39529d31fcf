import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@/lib/i18n/locale';
import { I18nProvider } from '@/lib/i18n/messages';
import { DiscardChangesPrompt } from './discard-changes';

function Editor() {
  const [value, setValue] = useState('');
  return (
    <>
      <input aria-label="name" value={value} onChange={(e) => setValue(e.target.value)} />
      <Link to="/other">leave</Link>
      <DiscardChangesPrompt when={value !== ''} />
    </>
  );
}

function setup() {
  localStorage.setItem('locale', 'es');
  localeStore.reset();
  const router = createMemoryRouter(
    [
      { path: '/menu', element: <Editor /> },
      { path: '/other', element: <p>other tab</p> },
    ],
    { initialEntries: ['/menu'] },
  );
  render(
    <MantineProvider>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </MantineProvider>,
  );
  return router;
}

describe('leaving an editor', () => {
  it('in its initial state leaves without asking', async () => {
    const router = setup();
    await userEvent.click(screen.getByText('leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });

  it('with changes asks to discard them; staying keeps the editor, discarding leaves', async () => {
    const router = setup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('name'), 'Pizzas');
    await user.click(screen.getByText('leave'));
    expect(await screen.findByText('¿Descartar cambios?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/menu');
    await user.click(screen.getByText('leave'));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });
});
