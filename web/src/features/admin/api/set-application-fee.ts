import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, type AdminRestaurantRow, type FeePublic, type Page } from './keys';

export type FeeInput = { restaurant: number; fee: number };

/** PUT comision-resto/{id}/ {application_fee}: sent as a decimal string, so 0.1 stays 0.10 exactly. */
export function setApplicationFee({ restaurant, fee }: FeeInput): Promise<FeePublic> {
  return unwrap(
    api.PUT('/api/comision-resto/{restaurant_id}/', {
      params: { path: { restaurant_id: restaurant } },
      body: { application_fee: fee.toFixed(2) },
    }),
  );
}

/**
 * On success the admin's restaurant rows show billing's answer at once: identity learns the new
 * fee from billing's event a moment later, so a refetch now could still read the old one. The fee
 * table (billing's own figures) is refetched.
 */
export function useSetApplicationFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationFee,
    onSuccess: (saved) => {
      queryClient.setQueriesData<Page<AdminRestaurantRow>>({ queryKey: [...adminKeys.all, 'restaurants'] }, (page) =>
        page && { ...page, results: page.results.map((r) => (r.id_resto === saved.id ? { ...r, application_fee: saved.application_fee } : r)) },
      );
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'fees'] });
    },
  });
}
