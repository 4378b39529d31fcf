import { describe, expect, it } from 'vitest';
import { profileSchema } from './schemas';

const valid = { first_name: 'Carla', last_name: 'Gómez', telefono: '1145678900', email: 'c@example.com', genero: '0' as const, imagen: null };
const message = (r: ReturnType<typeof profileSchema.safeParse>, field: string) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('client profile rules (spec part 1 §5)', () => {
  it('accepts a valid profile', () => expect(profileSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['first_name', 'Ana', 'profile.validation.firstName'],
    ['first_name', 'x'.repeat(31), 'profile.validation.firstName'],
    ['last_name', 'Paz', 'profile.validation.lastName'],
    ['last_name', 'x'.repeat(101), 'profile.validation.lastName'],
    ['telefono', '', 'validation.required'],
    ['telefono', '1234567', 'validation.phoneLength'],
    ['telefono', '12345678a', 'validation.digits'],
    ['imagen', new File(['x'], 'a.gif', { type: 'image/gif' }), 'profile.validation.imageType'],
  ])('%s %j is refused (%s)', (field, value, expected) => {
    expect(message(profileSchema.safeParse({ ...valid, [field]: value }), field)).toBe(expected);
  });
});
