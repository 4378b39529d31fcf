import { z } from '@/lib/zod';

/** At most two decimals, read on the number as typed (0.1 * 100 is 10.000000000000002). */
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** What a Mantine NumberInput holds ('' when empty) as the number the rules read. */
const typed = (value: unknown) => (value === '' || value == null ? undefined : Number(value));

/** The application fee, as billing checks it (spec part 2 §5): required, 0 to 100, two decimals. */
export const applicationFeeSchema = z.preprocess(
  typed,
  z.number({ error: 'admin.fee.required' }).min(0, 'admin.fee.range').max(100, 'admin.fee.range').refine(twoDecimals, 'admin.fee.decimals'),
);

/**
 * A commission collected (spec part 2 §5 'Commission payment'): required, more than 0, at most
 * what the restaurant owes (rulesCommision.*); two decimals, as billing keeps money.
 */
export const collectSchema = (owed: number) =>
  z.object({
    credit: z.preprocess(
      typed,
      z
        .number({ error: 'rulesCommision.required' })
        .gt(0, 'rulesCommision.min')
        .max(owed, 'rulesCommision.max')
        .refine(twoDecimals, 'rulesCommision.decimals'),
    ),
  });
