import { z } from '@/lib/zod';

/**
 * Operator rules equal to the identity service's (spec part 2 §5): first name 1–31 starting with
 * a letter; e-mail valid, up to 140; password at least 8 without spaces; confirmation equal.
 */
const required = 'validation.required';
const firstName = z
  .string()
  .trim()
  .min(1, required)
  .max(31, 'operators.validation.firstNameMax')
  .regex(/^\p{L}/u, 'operators.validation.firstLetter');
const lastName = z.string().trim().max(150, 'operators.validation.lastNameMax');
const password = z.string().min(1, required).min(8, 'validation.passwordMin').regex(/^\S*$/, 'operators.validation.noSpaces');

export const operatorCreateSchema = z
  .object({
    first_name: firstName,
    last_name: lastName,
    email: z.string().trim().min(1, required).max(140, 'operators.validation.emailMax').email('validation.email'),
    password,
    password2: z.string().min(1, required),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'validation.passwordMatch' });
export type OperatorCreateValues = z.infer<typeof operatorCreateSchema>;

/** Info dialog: names; a new password only when one is typed. */
export const operatorUpdateSchema = z
  .object({
    first_name: firstName,
    last_name: lastName,
    password: z
      .string()
      .refine((v) => v === '' || v.length >= 8, 'validation.passwordMin')
      .refine((v) => /^\S*$/.test(v), 'operators.validation.noSpaces'),
    password2: z.string(),
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'validation.passwordMatch' });
export type OperatorUpdateValues = z.infer<typeof operatorUpdateSchema>;
