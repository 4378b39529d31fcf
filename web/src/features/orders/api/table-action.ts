import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys } from './keys';

export type TableAction = 'aceptar' | 'entregar' | 'rechazar' | 'liberar';

/** POST ordenes/mesa/{id}/{aceptar|entregar|rechazar}/ or .../liberar/ : the table's bulk buttons. */
export function runTableAction({ sit, action }: { sit: number; action: TableAction }): Promise<unknown> {
  return unwrap(
    action === 'liberar'
      ? api.POST('/api/ordenes/mesa/{place_id}/liberar/', { params: { path: { place_id: sit } } })
      : api.POST('/api/ordenes/mesa/{place_id}/{accion}/', { params: { path: { place_id: sit, accion: action } } }),
  );
}

export function useTableAction(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runTableAction,
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) }),
  });
}
