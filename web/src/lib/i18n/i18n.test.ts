import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, restaurantDay } from './format';

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
  it("the restaurant's day is Buenos Aires's (UTC-3), whatever the device's zone", () => {
    expect(restaurantDay(new Date('2026-03-16T02:59:59Z'))).toBe('2026-03-15');
    expect(restaurantDay(new Date('2026-03-16T03:00:00Z'))).toBe('2026-03-16');
    expect(restaurantDay(new Date('2026-12-31T23:30:00-03:00'))).toBe('2026-12-31');
  });
});
