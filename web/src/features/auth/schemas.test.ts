import { describe, expect, it } from 'vitest';
import { digitsOnly } from '@/lib/form-utils';
import { clientRegisterSchema, loginSchema, passwordChangeSchema, restaurantRegisterSchema, resetConfirmSchema } from './schemas';

const firstError = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

const client = { all_name: 'Ana Pérez', email: 'ana@example.com', password: 'secreto123', password2: 'secreto123', terms: true };
const resto = { nombre_local: 'La Esquina', telefono: '1123456789', email: 'dueno@example.com', password: 'secreto123', password2: 'secreto123', terms: true };

describe('client registration rules (spec part 1 §5)', () => {
  it('accepts a valid form', () => expect(clientRegisterSchema.safeParse(client).success).toBe(true));
  it('all_name is required, 3 to 30 characters', () => {
    expect(firstError(clientRegisterSchema.safeParse({ ...client, all_name: '' }), 'all_name')).toBe('validation.required');
    expect(firstError(clientRegisterSchema.safeParse({ ...client, all_name: 'Al' }), 'all_name')).toBe('validation.nameMin3');
    expect(clientRegisterSchema.safeParse({ ...client, all_name: 'A'.repeat(30) }).success).toBe(true);
    expect(firstError(clientRegisterSchema.safeParse({ ...client, all_name: 'A'.repeat(31) }), 'all_name')).toBe('validation.nameMax30');
  });
  it('e-mail is required, valid, at most 74 characters', () => {
    expect(firstError(clientRegisterSchema.safeParse({ ...client, email: 'nope' }), 'email')).toBe('validation.email');
    const long = `${'a'.repeat(62)}@example.com`; // 74
    expect(clientRegisterSchema.safeParse({ ...client, email: long }).success).toBe(true);
    expect(firstError(clientRegisterSchema.safeParse({ ...client, email: `a${long}` }), 'email')).toBe('validation.emailMax74');
  });
  it('password has at least 8 characters and the confirmation is equal', () => {
    expect(firstError(clientRegisterSchema.safeParse({ ...client, password: '1234567', password2: '1234567' }), 'password')).toBe('validation.passwordMin');
    expect(firstError(clientRegisterSchema.safeParse({ ...client, password2: 'otra-cosa' }), 'password2')).toBe('validation.passwordMatch');
  });
  it('the terms must be ticked', () => {
    expect(firstError(clientRegisterSchema.safeParse({ ...client, terms: false }), 'terms')).toBe('validation.terms');
  });
});

describe('restaurant registration rules (spec part 1 §5)', () => {
  it('accepts a valid form', () => expect(restaurantRegisterSchema.safeParse(resto).success).toBe(true));
  it('nombre_local is required, at most 40', () => {
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, nombre_local: '' }), 'nombre_local')).toBe('validation.required');
    expect(restaurantRegisterSchema.safeParse({ ...resto, nombre_local: 'x'.repeat(40) }).success).toBe(true);
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, nombre_local: 'x'.repeat(41) }), 'nombre_local')).toBe('validation.localNameMax');
  });
  it('telefono is required, 8 to 20 digits', () => {
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, telefono: '' }), 'telefono')).toBe('validation.required');
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, telefono: '1234567' }), 'telefono')).toBe('validation.phoneLength');
    expect(restaurantRegisterSchema.safeParse({ ...resto, telefono: '12345678' }).success).toBe(true);
    expect(restaurantRegisterSchema.safeParse({ ...resto, telefono: '1'.repeat(20) }).success).toBe(true);
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, telefono: '1'.repeat(21) }), 'telefono')).toBe('validation.phoneLength');
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, telefono: '1234-5678' }), 'telefono')).toBe('validation.digits');
  });
  it('key presses in telefono are limited to digits', () => expect(digitsOnly('+54 (11) 2345-6789')).toBe('541123456789'));
  it('password, confirmation and terms follow the client rules', () => {
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, password2: 'x' }), 'password2')).toBe('validation.passwordMatch');
    expect(firstError(restaurantRegisterSchema.safeParse({ ...resto, terms: false }), 'terms')).toBe('validation.terms');
  });
});

describe('login and password rules', () => {
  it('login: username required, password at least 8', () => {
    expect(firstError(loginSchema.safeParse({ username: '', password: '12345678' }), 'username')).toBe('validation.required');
    expect(firstError(loginSchema.safeParse({ username: 'a', password: '1234567' }), 'password')).toBe('validation.passwordMin');
    expect(loginSchema.safeParse({ username: 'a@b.co', password: '12345678' }).success).toBe(true);
  });
  it('reset confirmation: min 8, equal confirmation', () => {
    expect(firstError(resetConfirmSchema.safeParse({ password: 'short', password2: 'short' }), 'password')).toBe('validation.passwordMin');
    expect(firstError(resetConfirmSchema.safeParse({ password: '12345678', password2: '87654321' }), 'password2')).toBe('validation.passwordMatch');
  });
  it('password change: new password at most 30, repeat must match', () => {
    const ok = { current_password: '12345678', new_password: 'abcdefgh', new_password_confirm: 'abcdefgh' };
    expect(passwordChangeSchema.safeParse(ok).success).toBe(true);
    const long = 'a'.repeat(31);
    expect(firstError(passwordChangeSchema.safeParse({ ...ok, new_password: long, new_password_confirm: long }), 'new_password')).toBe('validation.passwordMax');
    expect(firstError(passwordChangeSchema.safeParse({ ...ok, new_password_confirm: 'x' }), 'new_password_confirm')).toBe('validation.passwordMatch');
  });
});
