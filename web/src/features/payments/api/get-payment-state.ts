import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { paymentKeys, type PaymentState } from './keys';

/** While the marketplace has not decided, the page asks again this often. */
export const PENDING_REFRESH_MS = 4000;

/**
 * GET pagar-orden/mercadopago/estado/?ref= (billing, anonymous: the reference is unguessable):
 * the payment's state, amount, tip and total. The marketplace's own words in the return address
 * (`collection_status`) are a hint anyone can type; billing's answer, confirmed with the
 * marketplace, is what the page says.
 */
export function getPaymentState(reference: string): Promise<PaymentState> {
  return unwrap(api.GET('/api/pagar-orden/mercadopago/estado/', { params: { query: { ref: reference } } }));
}

export const paymentStateQuery = (reference: string) =>
  queryOptions({
    queryKey: paymentKeys.state(reference),
    queryFn: () => getPaymentState(reference),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PENDING_REFRESH_MS : false),
    // an unknown reference stays unknown
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const usePaymentState = (reference: string | null) => useQuery({ ...paymentStateQuery(reference ?? ''), enabled: !!reference });
