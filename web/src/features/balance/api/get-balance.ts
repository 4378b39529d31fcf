import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentTypeParam } from '@/components/payment-method-select';
import { api, unwrap } from '@/lib/api-client';
import { balanceKeys, type BalanceAnswer, type BalanceParams } from './keys';

/** POST obtener-balance/resto-balance/ {fk_resto, payment_type, start_date, end_date} (a read: no state changes). */
export function getBalance(p: BalanceParams): Promise<BalanceAnswer> {
  return unwrap(
    api.POST('/api/obtener-balance/resto-balance/', {
      body: { fk_resto: p.restaurant, payment_type: paymentTypeParam(p.method), start_date: p.start, end_date: p.end },
    }),
  );
}

export const balanceQuery = (p: BalanceParams) =>
  queryOptions({ queryKey: balanceKeys.restaurant(p), queryFn: () => getBalance(p), placeholderData: keepPreviousData });

export const useBalance = (p: BalanceParams) => useQuery(balanceQuery(p));
