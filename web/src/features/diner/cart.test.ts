import { describe, expect, it } from 'vitest';
import type { PublicDish } from './api/types';
import { addToCart, cartTotalCents, checkoutErrors, keepAvailable, orderNumber, parseAmount, setQuantity } from './cart';
import { whatsappText, whatsappUrl } from './whatsapp';

const dish = (pk: number, name: string, price: string): PublicDish => ({ pk, name, price, description: '', order: 0, dish_dimage: [] });
const empanada = dish(1, 'Empanada', '1500.00');
const flan = dish(2, 'Flan', '2250.50');

describe('the cart', () => {
  it('adds the same dish with the same comment to its line, another comment is another line', () => {
    let lines = addToCart([], empanada, 2, 'sin comino');
    lines = addToCart(lines, empanada, 1, ' sin comino ');
    lines = addToCart(lines, empanada, 1, '');
    expect(lines.map((l) => [l.name, l.quantity, l.comment])).toEqual([
      ['Empanada', 3, 'sin comino'],
      ['Empanada', 1, ''],
    ]);
  });

  it('never takes a quantity below 1 and cuts a comment at 100 characters', () => {
    const [line] = addToCart([], flan, 0, 'x'.repeat(150));
    expect(line.quantity).toBe(1);
    expect(line.comment).toHaveLength(100);
  });

  it('reducing a line to 0 removes it; the total is exact in cents', () => {
    let lines = addToCart(addToCart([], empanada, 2, ''), flan, 3, '');
    expect(cartTotalCents(lines)).toBe(300000 + 675150);
    lines = setQuantity(lines, lines[0].key, 0);
    expect(lines.map((l) => l.name)).toEqual(['Flan']);
  });

  it('drops the dishes that left the menu', () => {
    const lines = addToCart(addToCart([], empanada, 1, ''), flan, 1, '');
    expect(keepAvailable(lines, new Set([2])).map((l) => l.name)).toEqual(['Flan']);
  });

  it('numbers an order with six random digits', () => {
    expect(orderNumber(() => 0)).toBe('100000');
    expect(orderNumber(() => 0.999999)).toBe('999999');
    expect(orderNumber()).toMatch(/^[1-9]\d{5}$/);
  });
});

describe('the confirm step (spec part 2 §5 diner order)', () => {
  const total = 450000;
  it('requires the person name, up to 30', () => {
    expect(checkoutErrors({ kind: 'takeaway', name: ' ', address: '', cash: '5000' }, total).name).toBe('diner.checkout.nameRequired');
    expect(checkoutErrors({ kind: 'takeaway', name: 'x'.repeat(31), address: '', cash: '5000' }, total).name).toBe('diner.checkout.nameMax');
  });

  it('requires an address for delivery only, up to 100', () => {
    expect(checkoutErrors({ kind: 'delivery', name: 'Ana', address: '', cash: '5000' }, total).address).toBe('diner.checkout.addressRequired');
    expect(checkoutErrors({ kind: 'takeaway', name: 'Ana', address: '', cash: '5000' }, total)).toEqual({});
    expect(checkoutErrors({ kind: 'delivery', name: 'Ana', address: 'x'.repeat(101), cash: '5000' }, total).address).toBe('diner.checkout.addressMax');
  });

  it('says so when the cash does not cover the total', () => {
    expect(checkoutErrors({ kind: 'takeaway', name: 'Ana', address: '', cash: '4499,99' }, total).cash).toBe('diner.checkout.cashBelowTotal');
    expect(checkoutErrors({ kind: 'takeaway', name: 'Ana', address: '', cash: '4500' }, total)).toEqual({});
    expect(checkoutErrors({ kind: 'takeaway', name: 'Ana', address: '', cash: 'mucho' }, total).cash).toBe('diner.checkout.cashInvalid');
  });

  it('reads money as people type it', () => {
    expect(parseAmount('5.000')).toBe(5000);
    expect(parseAmount('5.000,50')).toBe(5000.5);
    expect(parseAmount('$ 5000.5')).toBe(5000.5);
    expect(parseAmount('5,5')).toBe(5.5);
    expect(parseAmount('')).toBeNaN();
  });
});

describe('the WhatsApp message', () => {
  const words = {
    order: (n: string) => `Pedido #${n}`,
    kind: 'Tipo',
    kindValue: 'Delivery',
    total: 'Total',
    name: 'Nombre',
    address: 'Dirección',
    cash: 'Paga con',
    comment: 'Comentario',
    track: 'Seguí tu pedido',
    price: (c: number) => `$${(c / 100).toFixed(2)}`,
  };

  it('carries the number, the lines, the total, the name, the address and the cash', () => {
    const lines = addToCart(addToCart([], empanada, 2, 'sin comino'), flan, 1, '');
    const text = whatsappText('123456', lines, { kind: 'delivery', name: ' Ana ', address: 'Av. Siempre Viva 742', cash: '6000' }, words);
    expect(text).toBe(
      [
        'Pedido #123456',
        'Tipo: Delivery',
        '',
        '2 x Empanada ($3000.00)',
        '   Comentario: sin comino',
        '1 x Flan ($2250.50)',
        '',
        'Total: $5250.50',
        'Nombre: Ana',
        'Dirección: Av. Siempre Viva 742',
        'Paga con: $6000.00',
      ].join('\n'),
    );
  });

  it("ends with the link of the order's tracking page when ordering gave one, and without it otherwise", () => {
    const lines = addToCart([], flan, 1, '');
    const checkout = { kind: 'takeaway', name: 'Ana', address: '', cash: '3000' } as const;
    const text = whatsappText('123456', lines, checkout, words, 'https://resto.example/seguimiento?t=abc');
    expect(text.split('\n').slice(-2)).toEqual(['', 'Seguí tu pedido: https://resto.example/seguimiento?t=abc']);
    expect(whatsappText('123456', lines, checkout, words, null)).not.toContain('seguimiento');
  });

  it('leaves the address out for take away', () => {
    const text = whatsappText('123456', addToCart([], flan, 1, ''), { kind: 'takeaway', name: 'Ana', address: 'x', cash: '3000' }, { ...words, kindValue: 'Take away' });
    expect(text).not.toContain('Dirección');
  });

  it("opens the restaurant's wa.me link with the text, and nothing else", () => {
    expect(whatsappUrl('https://wa.me/5491145678900', 'a b&c\nd')).toBe('https://wa.me/5491145678900?text=a%20b%26c%0Ad');
    expect(whatsappUrl('https://evil.example/5491145678900', 'x')).toBeNull();
    expect(whatsappUrl('', 'x')).toBeNull();
  });
});
