import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '@/lib/api-client';
import { balanceKeys, type ProviderBalance } from './keys';

/**
 * GET obtener-balance/{id}/: the linked MercadoPago account's balance. A restaurant that is not
 * linked answers 404 ('No encontrado.'): that is an answer (`null`), not an error.
 */
export async function getProviderBalance(restaurant: number): Promise<ProviderBalance | null> {
  try {
    return await unwrap(api.GET('/api/obtener-balance/{restaurant_id}/', { params: { path: { restaurant_id: restaurant } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const providerBalanceQuery = (restaurant: number) =>
  queryOptions({ queryKey: balanceKeys.provider(restaurant), queryFn: () => getProviderBalance(restaurant) });

export const useProviderBalance = (restaurant: number) => useQuery(providerBalanceQuery(restaurant));
