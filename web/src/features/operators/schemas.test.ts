import { describe, expect, it } from 'vitest';
import { operatorCreateSchema, operatorUpdateSchema } from './schemas';

const valid = { first_name: 'Oscar', last_name: '', email: 'op@example.com', password: 'Sabores-2026', password2: 'Sabores-2026' };
const message = (r: ReturnType<typeof operatorCreateSchema.safeParse>, field: string) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('operator rules (spec part 2 §5)', () => {
  it('accepts a valid operator', () => expect(operatorCreateSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['first_name', '', 'validation.required'],
    ['first_name', '1Oscar', 'operators.validation.firstLetter'],
    ['first_name', 'x'.repeat(32), 'operators.validation.firstNameMax'],
    ['email', 'not-an-email', 'validation.email'],
    ['email', `${'x'.repeat(130)}@example.com`, 'operators.validation.emailMax'],
    ['password', 'short', 'validation.passwordMin'],
    ['password', 'has spaces 123', 'operators.validation.noSpaces'],
  ])('%s %j is refused (%s)', (field, value, expected) => {
    expect(message(operatorCreateSchema.safeParse({ ...valid, [field]: value, ...(field === 'password' ? { password2: value } : {}) }), field)).toBe(expected);
  });
  it('a one-letter first name starting with a letter is enough', () => expect(operatorCreateSchema.safeParse({ ...valid, first_name: 'Ñ' }).success).toBe(true));
  it('the confirmation must be equal', () => {
    expect(message(operatorCreateSchema.safeParse({ ...valid, password2: 'other-password' }), 'password2')).toBe('validation.passwordMatch');
  });
  it('an update may leave the password empty, but a new one follows the rules', () => {
    expect(operatorUpdateSchema.safeParse({ first_name: 'Oscar', last_name: '', password: '', password2: '' }).success).toBe(true);
    expect(operatorUpdateSchema.safeParse({ first_name: 'Oscar', last_name: '', password: 'short', password2: 'short' }).success).toBe(false);
  });
});
