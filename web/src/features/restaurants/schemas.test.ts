import { describe, expect, it } from 'vitest';
import { toProfileValues, toUpdatePayload } from './components/restaurant-profile-page';
import { from12h, to12h } from './components/time-picker-12';
import { instagramUser, restaurantCreateSchema, restaurantProfileSchema, whatsappDigits } from './schemas';
import { restaurant } from '@/testing/identity-fake';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const firstError = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('restaurant create rules (spec part 1 §5)', () => {
  const valid = { nombre_local: 'La Esquina', telefono: '1145678900', direccion: 'Av. Corrientes 1234', logo: png() };
  it('accepts a complete restaurant', () => expect(restaurantCreateSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['nombre_local', 'abc', 'restaurants.validation.name'],
    ['nombre_local', 'x'.repeat(41), 'restaurants.validation.name'],
    ['telefono', '1234567', 'validation.phoneLength'],
    ['telefono', '1'.repeat(21), 'validation.phoneLength'],
    ['telefono', '11-4567-8900', 'validation.digits'],
    ['direccion', 'Corta 12', 'restaurants.validation.address'],
    ['direccion', 'x'.repeat(101), 'restaurants.validation.address'],
  ])('%s %j is refused (%s)', (field, value, message) => {
    expect(firstError(restaurantCreateSchema.safeParse({ ...valid, [field]: value }), field)).toBe(message);
  });
  it('the logo is required on create', () => {
    expect(firstError(restaurantCreateSchema.safeParse({ ...valid, logo: null }), 'logo')).toBe('restaurants.validation.logoRequired');
  });
  it('the logo must be png, jpeg or bmp', () => {
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    expect(firstError(restaurantCreateSchema.safeParse({ ...valid, logo: gif }), 'logo')).toBe('restaurants.validation.logoType');
    const bmp = new File(['BM'], 'logo.bmp', { type: 'image/bmp' });
    expect(restaurantCreateSchema.safeParse({ ...valid, logo: bmp }).success).toBe(true);
  });
});

describe('restaurant profile rules', () => {
  const valid = { ...toProfileValues(restaurant(1)), first_name: 'Olga', last_name: 'Ortiz' };
  it('accepts the stored profile', () => expect(restaurantProfileSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['first_name', 'Ol', 'restaurants.validation.firstName'],
    ['first_name', 'x'.repeat(31), 'restaurants.validation.firstName'],
    ['last_name', 'Or', 'restaurants.validation.lastName'],
    ['last_name', 'x'.repeat(101), 'restaurants.validation.lastName'],
    ['facebook', 'http://facebook.com/resto', 'restaurants.validation.facebook'],
    ['facebook', 'https://example.com/resto', 'restaurants.validation.facebook'],
    ['facebook', `https://facebook.com/${'x'.repeat(300)}`, 'restaurants.validation.linkMax'],
    ['instagram', 'not a user!', 'restaurants.validation.instagram'],
    ['whatsapp', '1'.repeat(21), 'restaurants.validation.whatsapp'],
    ['website', 'not-a-url', 'restaurants.validation.website'],
    ['wait_time', 601, 'restaurants.validation.waitTime'],
  ])('%s %j is refused (%s)', (field, value, message) => {
    expect(firstError(restaurantProfileSchema.safeParse({ ...valid, [field]: value }), field)).toBe(message);
  });
  it.each([
    ['facebook', 'https://www.facebook.com/resto'],
    ['facebook', ''],
    ['instagram', '@resto.demo'],
    ['instagram', 'https://www.instagram.com/resto_demo/'],
    ['whatsapp', '5491145678900'],
    ['website', 'https://resto.example.com'],
  ])('%s %j is accepted', (field, value) => {
    expect(restaurantProfileSchema.safeParse({ ...valid, [field]: value }).success).toBe(true);
  });
  it('the editor shows the Instagram username and the WhatsApp digits of the stored links', () => {
    expect(instagramUser('https://www.instagram.com/resto.demo/')).toBe('resto.demo');
    expect(whatsappDigits('https://wa.me/5491145678900')).toBe('5491145678900');
  });
  it('an update carries only what changed, owner names as fk_user.*, never the e-mail', () => {
    const initial = toProfileValues(restaurant(1));
    const payload = toUpdatePayload(initial, { ...initial, first_name: 'Ana', email: 'other@example.com', stop_orders: true, wait_time: 15 });
    expect(payload).toEqual({ 'fk_user.first_name': 'Ana', stop_orders: true, wait_time: 15 });
  });
});

describe('12-hour picker', () => {
  it.each([
    ['00:00', '12', '00', 'AM'],
    ['09:30', '9', '30', 'AM'],
    ['12:15', '12', '15', 'PM'],
    ['23:45', '11', '45', 'PM'],
  ])('%s is %s:%s %s and back', (value, hour, minute, period) => {
    expect(to12h(value)).toEqual({ hour, minute, period });
    expect(from12h(hour, minute, period as 'AM' | 'PM')).toBe(value);
  });
  it('no hour means no time', () => expect(from12h('', '00', 'AM')).toBeNull());
});
