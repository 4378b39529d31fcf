import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pill } from './notice';

describe('Pill', () => {
  // white on the primary shade ('-filled') read 3.9:1 on teal, below WCAG AA (axe on the table's tab, e2e/online-payments.spec.ts)
  it('fills with shade 9 of its colour (darkened in CSS), never the primary shade white reads too faintly on', () => {
    render(
      <Pill color="teal" data-testid="pill" data-status="4">
        Entregado
      </Pill>,
    );
    const pill = screen.getByTestId('pill');
    expect(pill.style.getPropertyValue('--pill-color')).toBe('var(--mantine-color-teal-9)');
    expect(pill.getAttribute('style')).not.toContain('filled');
    expect(pill).toHaveAttribute('data-status', '4');
    expect(pill).toHaveTextContent('Entregado');
  });
});
