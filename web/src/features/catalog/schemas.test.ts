import { describe, expect, it } from 'vitest';
import { formatLocalePrice, parseLocalePrice } from './components/price-input';
import { bulkPriceSchema, categorySchema, dishSchema, imageUploadSchema, priceForWire, priceProblem } from './schemas';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

const file = (type: string, bytes = 10) => new File([new Uint8Array(bytes)], 'x', { type });
const dish = { name: 'Milanesa', description: '', price: '1500', menu_group: '3', images: [] as File[] };

describe('dish rules (spec part 1 §5 Dish), equal to the server', () => {
  it('a good dish passes', () => {
    expect(issues(dishSchema.safeParse(dish))).toEqual([]);
  });

  it('name required, at most 60; description at most 270; category required', () => {
    expect(issues(dishSchema.safeParse({ ...dish, name: '  ' }))).toEqual(['name: validation.required']);
    expect(issues(dishSchema.safeParse({ ...dish, name: 'x'.repeat(61) }))).toEqual(['name: catalog.rules.dishNameMax']);
    expect(issues(dishSchema.safeParse({ ...dish, name: 'x'.repeat(60) }))).toEqual([]);
    expect(issues(dishSchema.safeParse({ ...dish, description: 'x'.repeat(271) }))).toEqual(['description: catalog.rules.descriptionMax']);
    expect(issues(dishSchema.safeParse({ ...dish, menu_group: '' }))).toEqual(['menu_group: catalog.rules.categoryRequired']);
  });

  it('price: at least 1, at most 10 digits before the point, 2 decimals', () => {
    expect(priceProblem('')).toBe('validation.required');
    expect(priceProblem('abc')).toBe('catalog.rules.number');
    expect(priceProblem('0.99')).toBe('catalog.rules.priceMin');
    expect(priceProblem('1')).toBeNull();
    expect(priceProblem('1,5')).toBeNull();
    expect(priceProblem('9999999999.99')).toBeNull();
    expect(priceProblem('10000000000')).toBe('catalog.rules.priceDigits');
    expect(priceProblem('1.234')).toBe('catalog.rules.priceDecimals');
    expect(priceProblem('1.230')).toBeNull();
    expect(priceForWire('1234,5')).toBe('1234.50');
  });

  it('dish form images are png or jpeg, up to 5 MB', () => {
    expect(issues(dishSchema.safeParse({ ...dish, images: [file('image/png'), file('image/jpeg')] }))).toEqual([]);
    expect(issues(dishSchema.safeParse({ ...dish, images: [file('image/bmp')] }))).toEqual(['images: catalog.image.rules.type']);
    expect(issues(dishSchema.safeParse({ ...dish, images: [file('image/png', 5 * 1024 * 1024 + 1)] }))).toEqual(['images: catalog.image.rules.size']);
  });

  it('the upload dialog takes png, jpeg and bmp, and requires an image', () => {
    expect(issues(imageUploadSchema.safeParse({ image: file('image/bmp') }))).toEqual([]);
    expect(issues(imageUploadSchema.safeParse({ image: null }))).toEqual(['image: catalog.image.rules.required']);
    expect(issues(imageUploadSchema.safeParse({ image: file('image/gif') }))).toEqual(['image: catalog.image.rules.typeWithBmp']);
  });

  it('prices are typed the locale way: decimal comma in Spanish, decimal point in English', () => {
    expect(parseLocalePrice('1.234,5', 'es')).toBe('1234.5');
    expect(parseLocalePrice('1,234.5', 'en')).toBe('1234.5');
    expect(parseLocalePrice('$ 15', 'es')).toBe('15');
    expect(formatLocalePrice('1234.5', 'es')).toBe('1.234,50');
    expect(formatLocalePrice('1234.5', 'en')).toBe('1,234.50');
  });
});

describe('bulk price update rules (spec part 1 §5)', () => {
  const bulk = { tipo_cambio: 'Porcentaje' as const, menu: '1', tipo_update: '1' as const, category: '-1', valor: '10' };
  it('a good update passes', () => {
    expect(issues(bulkPriceSchema.safeParse(bulk))).toEqual([]);
  });
  it('menu and value required; value above 0', () => {
    expect(issues(bulkPriceSchema.safeParse({ ...bulk, menu: '' }))).toEqual(['menu: catalog.rules.selectMenu']);
    expect(issues(bulkPriceSchema.safeParse({ ...bulk, valor: '' }))).toEqual(['valor: validation.required']);
    expect(issues(bulkPriceSchema.safeParse({ ...bulk, valor: '0' }))).toEqual(['valor: catalog.rules.valuePositive']);
  });
  it('a percentage has at most 6 characters, an amount 13', () => {
    expect(issues(bulkPriceSchema.safeParse({ ...bulk, valor: '12.345' }))).toEqual([]);
    expect(issues(bulkPriceSchema.safeParse({ ...bulk, valor: '12.3456' }))).toEqual(['valor: catalog.rules.percentageMaxLength']);
    const amount = { ...bulk, tipo_cambio: 'Precio' as const };
    expect(issues(bulkPriceSchema.safeParse({ ...amount, valor: '1234567890.12' }))).toEqual([]);
    expect(issues(bulkPriceSchema.safeParse({ ...amount, valor: '12345678901.12' }))).toEqual(['valor: catalog.rules.amountMaxLength']);
  });
});

describe('add-category dialog', () => {
  it('name required; order a whole number from 1', () => {
    expect(issues(categorySchema.safeParse({ name: 'Postres', order: 1 }))).toEqual([]);
    expect(issues(categorySchema.safeParse({ name: ' ', order: 0 }))).toEqual([
      'name: catalog.menu.rules.categoryNameEmpty',
      'order: catalog.rules.orderMin',
    ]);
  });
});
