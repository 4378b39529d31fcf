import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from './keys';
import type { BulkPriceResult, BulkPriceUpdate } from './types';

/** POST actualizar-precio-masivo/?id_menu= {tipo_cambio, valor, tipo_update, category}. */
export function updatePricesInBulk(menuId: number, body: BulkPriceUpdate): Promise<BulkPriceResult> {
  return unwrap(api.POST('/api/actualizar-precio-masivo/', { params: { query: { id_menu: menuId } }, body }));
}

export function useBulkPriceUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ menuId, body }: { menuId: number; body: BulkPriceUpdate }) => updatePricesInBulk(menuId, body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() }),
        qc.invalidateQueries({ queryKey: catalogKeys.treesAll() }),
      ]),
  });
}
