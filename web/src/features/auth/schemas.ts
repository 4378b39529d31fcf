import { z } from '@/lib/zod';

/**
 * Client-side rules equal to the server's (spec part 1 §5). Messages are catalog ids,
 * translated where the error is shown.
 */
const required = (s: z.ZodString) => s.min(1, 'validation.required');
/** E-mail in the client forms: required, valid, max 74. */
const email74 = () =>
  z.string().trim().min(1, 'validation.required').max(74, 'validation.emailMax74').email('validation.email');
const password = z.string().min(1, 'validation.required').min(8, 'validation.passwordMin');

/** Login: username (or e-mail) required; password required, min 8. */
export const loginSchema = z.object({
  username: required(z.string().trim()),
  password,
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Reset e-mail: required, valid. */
export const resetRequestSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').email('validation.email'),
});
export type ResetRequestValues = z.infer<typeof resetRequestSchema>;

/** New password: required, min 8; confirmation required and equal. */
export const resetConfirmSchema = z
  .object({ password, password2: z.string().min(1, 'validation.required') })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'validation.passwordMatch' });
export type ResetConfirmValues = z.infer<typeof resetConfirmSchema>;

/** Password change: current min 8; new min 8, max 30; repeat must match. */
export const passwordChangeSchema = z
  .object({
    current_password: password,
    new_password: password.max(30, 'validation.passwordMax'),
    new_password_confirm: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.new_password === v.new_password_confirm, {
    path: ['new_password_confirm'],
    message: 'validation.passwordMatch',
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

const terms = z.boolean().refine((v) => v, 'validation.terms');

/** Client registration: all_name 3–30; e-mail ≤74; password ≥8; confirmation equal; terms ticked. */
export const clientRegisterSchema = z
  .object({
    all_name: z.string().trim().min(1, 'validation.required').min(3, 'validation.nameMin3').max(30, 'validation.nameMax30'),
    email: email74(),
    password,
    password2: z.string().min(1, 'validation.required'),
    terms,
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'validation.passwordMatch' });
export type ClientRegisterValues = z.infer<typeof clientRegisterSchema>;

/** Restaurant registration: nombre_local ≤40; telefono 8–20 digits; e-mail ≤74; password ≥8; terms. */
export const restaurantRegisterSchema = z
  .object({
    nombre_local: z.string().trim().min(1, 'validation.required').max(40, 'validation.localNameMax'),
    telefono: z
      .string()
      .min(1, 'validation.required')
      .regex(/^\d*$/, 'validation.digits')
      .min(8, 'validation.phoneLength')
      .max(20, 'validation.phoneLength'),
    email: email74(),
    password,
    password2: z.string().min(1, 'validation.required'),
    terms,
  })
  .refine((v) => v.password === v.password2, { path: ['password2'], message: 'validation.passwordMatch' });
export type RestaurantRegisterValues = z.infer<typeof restaurantRegisterSchema>;
