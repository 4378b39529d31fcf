import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('formats', () => {
  it('prices: ARS in Spanish, USD in English, 2 decimals', () => {
    expect(formatPrice(1234.5, 'es').replace(/\s/g, ' ')).toMatch(/^\$ ?1\.234,50$/);
    expect(formatPrice('1234.5', 'en')).toBe('$1,234.50');
  });
  it('dates: dd/mm/yyyy in Spanish, mm/dd/yyyy in English', () => {
    const d = new Date(2026, 0, 31);
    expect(formatDate(d, 'es')).toBe('31/01/2026');
    expect(formatDate(d, 'en')).toBe('01/31/2026');
  });
});
