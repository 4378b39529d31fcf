import type { CartLine, Checkout } from './cart';
import { cartTotalCents, lineCents, parseAmount } from './cart';

/** The words of the message, in the diner's language (the catalog's texts, already formatted). */
export type MessageWords = {
  order: (number: string) => string;
  total: string;
  name: string;
  address: string;
  cash: string;
  comment: string;
  kind: string;
  kindValue: string;
  /** 'Follow your order', before the tracking link */
  track: string;
  price: (cents: number) => string;
};

/**
 * The pre-written WhatsApp message: number, lines, total, name, address (delivery), cash, and the
 * link of the order's tracking page when ordering recorded it (issue 20).
 */
export function whatsappText(number: string, lines: CartLine[], checkout: Checkout, w: MessageWords, trackingUrl?: string | null): string {
  const out = [w.order(number), `${w.kind}: ${w.kindValue}`, ''];
  for (const line of lines) {
    out.push(`${line.quantity} x ${line.name} (${w.price(lineCents(line))})`);
    if (line.comment) out.push(`   ${w.comment}: ${line.comment}`);
  }
  out.push('', `${w.total}: ${w.price(cartTotalCents(lines))}`, `${w.name}: ${checkout.name.trim()}`);
  if (checkout.kind === 'delivery') out.push(`${w.address}: ${checkout.address.trim()}`);
  out.push(`${w.cash}: ${w.price(Math.round(parseAmount(checkout.cash) * 100))}`);
  if (trackingUrl) out.push('', `${w.track}: ${trackingUrl}`);
  return out.join('\n');
}

/** https://wa.me/<digits>?text=<message>; null when the restaurant's WhatsApp is not a wa.me link. */
export function whatsappUrl(link: string, text: string): string | null {
  const m = /^https?:\/\/(?:api\.)?wa\.me\/(\d{6,20})\/?$/.exec(link.trim());
  if (!m) return null;
  return `https://wa.me/${m[1]}?text=${encodeURIComponent(text)}`;
}
