import { api, ApiError, unwrap } from '@/lib/api-client';
import type { CheckoutCancelled } from './types';

/**
 * POST pagar-orden/{id}/cancelar-mercadopago/ (billing, staff): ends the online payment holding the
 * line (its pending payments cancelled, approved shares refunded), so the counter can take it.
 */
export function cancelOnlinePayment(line: number): Promise<CheckoutCancelled> {
  return unwrap(api.POST('/api/pagar-orden/{line_id}/cancelar-mercadopago/', { params: { path: { line_id: line } } }));
}

/**
 * Frees `lines` one checkout at a time: a line whose checkout an earlier cancel in the loop ended
 * (or that none held any more) answers 404, which is what was wanted. Any other refusal stops
 * (`checkout_approved`: the marketplace approved it meanwhile; 502: it did not answer).
 */
export async function freeLines(lines: number[]): Promise<void> {
  const freed = new Set<number>();
  for (const line of lines) {
    if (freed.has(line)) continue;
    try {
      const answer = await cancelOnlinePayment(line);
      answer.lines.forEach((l) => freed.add(l));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
}
