import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeStore, type Locale } from '@/lib/i18n/locale';
import { I18nProvider } from '@/lib/i18n/messages';
import { KEYS } from '@/lib/storage';
import { DateRangePicker, defaultDateRange, type DateRange } from './date-range-picker';

let seen: DateRange[] = [];

function Harness() {
  const [range, setRange] = useState(defaultDateRange);
  return (
    <DateRangePicker
      value={range}
      onChange={(r) => {
        seen.push(r);
        setRange(r);
      }}
    />
  );
}

function renderPicker(locale: Locale) {
  localStorage.setItem(KEYS.locale, locale);
  act(() => localeStore.reset());
  // env 'test': jsdom lays nothing out, and a popover whose input has no box would stay hidden
  return render(
    <MantineProvider env="test">
      <I18nProvider>
        <Harness />
      </I18nProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  seen = [];
  // the 31st: a month earlier is the last day of February
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, 31, 15, 0));
});
afterEach(() => vi.useRealTimers());

describe('the money screens’ date-range picker', () => {
  it('defaults to one month ago until today, dd/mm/yyyy in Spanish', () => {
    renderPicker('es');
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('28/02/2026');
    expect(screen.getByRole('button', { name: 'Hasta' })).toHaveTextContent('31/03/2026');
  });

  it('defaults to one month ago until today, mm/dd/yyyy in English', () => {
    renderPicker('en');
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('02/28/2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('03/31/2026');
  });

  it.each([
    ['es', 'Desde', 'febrero 2026', 'Década anterior', 'ene', 'Mes anterior', '1 enero 2020'],
    ['en', 'From', 'February 2026', 'Previous decade', 'Jan', 'Previous month', '1 January 2020'],
  ] as const)('offers nothing before 2020-01-01 (%s)', async (locale, since, month, previousDecade, january, previousMonth, firstOf2020) => {
    const user = userEvent.setup();
    renderPicker(locale);
    await user.click(screen.getByRole('button', { name: since }));
    const calendar = await screen.findByRole('dialog');
    // up from the month to its year, then to the decade
    await user.click(within(calendar).getByRole('button', { name: month }));
    await user.click(within(calendar).getByRole('button', { name: '2026' }));
    expect(within(calendar).getByRole('button', { name: previousDecade })).toBeDisabled();
    await user.click(within(calendar).getByRole('button', { name: '2020' }));
    await user.click(within(calendar).getByRole('button', { name: january }));
    // January 2020 is the first month: nothing to go back to
    expect(within(calendar).getByRole('button', { name: previousMonth })).toBeDisabled();
    await user.click(within(calendar).getByRole('button', { name: firstOf2020 }));
    expect(seen.at(-1)).toEqual({ start: '2020-01-01', end: '2026-03-31' });
  });

  it('never lets the end come before the start', async () => {
    const user = userEvent.setup();
    renderPicker('es');
    await user.click(screen.getByRole('button', { name: 'Hasta' }));
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: 'Mes anterior' }));
    expect(within(calendar).getByRole('button', { name: '27 febrero 2026' })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: '28 febrero 2026' })).toBeEnabled();
  });
});
