import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';

function preferReducedMotion(reduce: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
  }));
}

async function openedDialog() {
  const view = (opened: boolean) => (
    <MantineProvider theme={theme}>
      <Modal opened={opened} onClose={() => {}} title="Pagar">
        contenido
      </Modal>
    </MantineProvider>
  );
  const { rerender } = render(view(false));
  rerender(view(true));
  return screen.findByRole('dialog');
}

describe('theme: motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a device set to reduce motion gets dialogs without their fade', async () => {
    preferReducedMotion(true);
    const dialog = await openedDialog();
    expect([dialog.style.transitionProperty, dialog.style.opacity]).toEqual(['', '']); // shown as it is, no fade
  });

  it('otherwise dialogs fade in', async () => {
    preferReducedMotion(false);
    expect((await openedDialog()).style.transitionDuration).toMatch(/^[1-9]\d*ms$/);
  });
});
