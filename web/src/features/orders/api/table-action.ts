import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys } from './keys';

export type TableAction = 'aceptar' | 'entregar' | 'rechazar' | 'liberar';

/** POST ordenes/mesa/{id}/{aceptar|entregar|rechazar|liberar}/ : the bulk buttons. */
export function useTableAction(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sit, action }: { sit: number; action: TableAction }) => ordersFetch('POST', `/api/ordenes/mesa/${sit}/${action}/`),
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) }),
  });
}
