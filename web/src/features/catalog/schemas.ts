import { z } from '@/lib/zod';

/**
 * The catalog forms' rules, equal to the server's (spec part 1 §5 'Dish', 'Bulk price update',
 * 'Menu'; services/catalog: dish/service.py `clean`, dish/prices.py, price/service.py `check`).
 * Messages are catalog ids, translated where the error is shown.
 */
export const DISH_NAME_MAX = 60;
export const DISH_DESCRIPTION_MAX = 270;
export const CATEGORY_NAME_MAX = 100;
export const MIN_PRICE = 1;
/** Numeric(12, 2): at most 10 digits before the decimal point. */
export const PRICE_CEILING = 1e10;
export const BULK_MAX_LENGTH = { Precio: 13, Porcentaje: 6 } as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The dish form takes png and jpeg; the upload dialog bmp too (spec part 1 §5, §2 'Dish dialogs'). */
export const DISH_FORM_IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/bmp'];
export const PAGE_SIZES = [9, 18, 36] as const;

/** A price as typed ("1234.5", "1234,5") → the canonical wire form with a dot, or null. */
export function normalizeDecimal(raw: string): string | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return null;
  return text;
}

/** The catalog id of what is wrong with a price, or null (server: dish/prices.py `price_problem`). */
export function priceProblem(raw: string): string | null {
  if (!raw.trim()) return 'validation.required';
  const text = normalizeDecimal(raw);
  if (text == null) return 'catalog.rules.number';
  const value = Number(text);
  if (value < MIN_PRICE) return 'catalog.rules.priceMin';
  if (value >= PRICE_CEILING) return 'catalog.rules.priceDigits';
  const decimals = text.split('.')[1] ?? '';
  if (decimals.replace(/0+$/, '').length > 2) return 'catalog.rules.priceDecimals';
  return null;
}

/** Two decimals for the wire ("1234.50"). */
export function priceForWire(raw: string): string {
  return Number(normalizeDecimal(raw)).toFixed(2);
}

export function imageProblem(file: File, types: readonly string[]): string | null {
  if (!types.includes(file.type)) return types.includes('image/bmp') ? 'catalog.image.rules.typeWithBmp' : 'catalog.image.rules.type';
  if (file.size > IMAGE_MAX_BYTES) return 'catalog.image.rules.size';
  return null;
}

const price = z.string().superRefine((value, ctx) => {
  const problem = priceProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const images = (types: readonly string[]) =>
  z.array(z.instanceof(File)).superRefine((files, ctx) => {
    for (const file of files) {
      const problem = imageProblem(file, types);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return;
      }
    }
  });

/** Dish: name required max 60; description max 270; price ≥ 1, 2 decimals; category required. */
export const dishSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(DISH_NAME_MAX, 'catalog.rules.dishNameMax'),
  description: z.string().trim().max(DISH_DESCRIPTION_MAX, 'catalog.rules.descriptionMax'),
  price,
  menu_group: z.string().min(1, 'catalog.rules.categoryRequired'),
  images: images(DISH_FORM_IMAGE_TYPES),
});
export type DishValues = z.infer<typeof dishSchema>;

/** Upload and replace-image dialogs: an image is required (png, jpeg, bmp). */
export const imageUploadSchema = z.object({
  image: z
    .instanceof(File, { message: 'catalog.image.rules.required' })
    .nullable()
    .superRefine((file, ctx) => {
      if (!file) {
        ctx.addIssue({ code: 'custom', message: 'catalog.image.rules.required' });
        return;
      }
      const problem = imageProblem(file, UPLOAD_IMAGE_TYPES);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ImageUploadValues = z.infer<typeof imageUploadSchema>;

/**
 * Bulk price update: change type, menu and update type required; category optional (-1 all);
 * value required, above 0, at most 13 characters for an amount and 6 for a percentage.
 */
export const bulkPriceSchema = z
  .object({
    tipo_cambio: z.enum(['Precio', 'Porcentaje'], { message: 'validation.required' }),
    menu: z.string().min(1, 'catalog.rules.selectMenu'),
    tipo_update: z.enum(['1', '0'], { message: 'validation.required' }),
    category: z.string(),
    valor: z.string().trim().min(1, 'validation.required'),
  })
  .superRefine((v, ctx) => {
    if (!v.valor) return;
    const text = normalizeDecimal(v.valor);
    if (text == null) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'catalog.rules.number' });
    else if (!(Number(text) > 0)) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'catalog.rules.valuePositive' });
    else if (text.length > BULK_MAX_LENGTH[v.tipo_cambio])
      ctx.addIssue({
        code: 'custom',
        path: ['valor'],
        message: v.tipo_cambio === 'Precio' ? 'catalog.rules.amountMaxLength' : 'catalog.rules.percentageMaxLength',
      });
  });
export type BulkPriceValues = z.infer<typeof bulkPriceSchema>;

/** Add-category dialog: name required (max 100); order a whole number from 1. */
export const categorySchema = z.object({
  name: z.string().trim().min(1, 'catalog.menu.rules.categoryNameEmpty').max(CATEGORY_NAME_MAX, 'catalog.menu.rules.categoryNameTooLong'),
  order: z.number({ message: 'validation.required' }).int('catalog.rules.wholeNumber').min(1, 'catalog.rules.orderMin'),
});
export type CategoryValues = z.infer<typeof categorySchema>;

/** A new dish in the tree: name (max 60) and a price of at least 1. */
export const treeDishSchema = z.object({
  name: z.string().trim().min(1, 'catalog.menu.rules.dishEmpty').max(DISH_NAME_MAX, 'catalog.rules.dishNameMax'),
  price,
});
export type TreeDishValues = z.infer<typeof treeDishSchema>;
