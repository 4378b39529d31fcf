import { describe, expect, it } from 'vitest';
import { contactSchema, detailsSchema, dishProblems, type ContactValues } from './schemas';

/** The delivery screen's rules are ordering's (spec part 2 §5, §9): each case, the message it gives. */
const ok: ContactValues = { type_delivery: '1', name: 'Ana Pérez', phone: '1155554444', address: 'Av. Santa Fe 2100' };
const problems = (v: Partial<ContactValues>) => {
  const r = contactSchema.safeParse({ ...ok, ...v });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the contact rules', () => {
  it.each([
    ['a name of 2 to 30 characters', { name: 'Al' }, {}],
    ['a name of 30', { name: 'x'.repeat(30) }, {}],
    ['no name', { name: '  ' }, { name: 'delivery.rules.nameRequired' }],
    ['a name of 1', { name: 'A' }, { name: 'delivery.rules.nameLength' }],
    ['a name of 31', { name: 'x'.repeat(31) }, { name: 'delivery.rules.nameLength' }],
    ['no phone', { phone: '' }, { phone: 'delivery.rules.phoneRequired' }],
    ['a phone of 7 digits', { phone: '1234567' }, { phone: 'delivery.rules.phoneInvalid' }],
    ['a phone of 8 digits', { phone: '12345678' }, {}],
    ['a phone of 20 digits', { phone: '1'.repeat(20) }, {}],
    ['a phone of 21 digits', { phone: '1'.repeat(21) }, { phone: 'delivery.rules.phoneInvalid' }],
    ['a phone with letters', { phone: '11-5555-4444' }, { phone: 'delivery.rules.phoneInvalid' }],
    ['no address for a delivery', { address: '' }, { address: 'delivery.rules.addressRequired' }],
    ['no address for a pickup', { type_delivery: '2', address: '' }, {}],
    ['an address of 9 for a delivery', { address: 'Calle 123' }, { address: 'delivery.rules.addressLength' }],
    ['an address of 9 for a pickup (when given, 10 to 100)', { type_delivery: '2', address: 'Calle 123' }, { address: 'delivery.rules.addressLength' }],
    ['an address of 100', { address: 'x'.repeat(100) }, {}],
    ['an address of 101', { address: 'x'.repeat(101) }, { address: 'delivery.rules.addressLength' }],
  ] as const)('%s', (_case, values, expected) => {
    expect(problems(values)).toEqual(expected);
  });

  it('trims what it sends', () => {
    expect(contactSchema.parse({ ...ok, name: '  Ana  ', address: ' Av. Santa Fe 2100 ' })).toMatchObject({ name: 'Ana', address: 'Av. Santa Fe 2100' });
  });
});

describe("a new order's dishes and the detail text", () => {
  it('needs at least one dish, each comment at most 100 characters', () => {
    expect(dishProblems([])).toEqual(['delivery.rules.oneDish']);
    expect(dishProblems([{ dish: 1, quantity: 1, comment: 'x'.repeat(100) }])).toEqual([]);
    expect(dishProblems([{ dish: 1, quantity: 1, comment: 'x'.repeat(101) }])).toEqual(['delivery.rules.commentLength']);
  });

  it('takes a detail text of up to 200 characters', () => {
    expect(detailsSchema.safeParse('x'.repeat(200)).success).toBe(true);
    expect(detailsSchema.safeParse('x'.repeat(201)).error?.issues[0].message).toBe('delivery.rules.detailsLength');
  });
});
