import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { answered, refreshTab } from '../live';
import type { AnsweredLine, TableAction } from './types';

/** POST ordenes/mesa/{id}/{aceptar|entregar|rechazar}/ or .../liberar/ : the table's bulk buttons; answers the lines moved. */
export function runTableAction({ sit, action }: { sit: number; action: TableAction }): Promise<{ detail: string; lines: AnsweredLine[] }> {
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
    onSuccess: ({ lines }, { sit, action }) => refreshTab(qc, restaurant, answered(sit, lines, action === 'liberar')),
    onError: (_error, { sit }) => refreshTab(qc, restaurant, { place: sit, lines: [] }),
  });
}
