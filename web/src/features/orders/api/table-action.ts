import { api, unwrap } from '@/lib/api-client';
import type { AnsweredLine, TableAction } from './types';

/** POST ordenes/mesa/{id}/{aceptar|entregar|rechazar}/ or .../liberar/ : the table's bulk buttons; answers the lines moved. */
export function runTableAction({ sit, action }: { sit: number; action: TableAction }): Promise<{ detail: string; lines: AnsweredLine[] }> {
  return unwrap(
    action === 'liberar'
      ? api.POST('/api/ordenes/mesa/{place_id}/liberar/', { params: { path: { place_id: sit } } })
      : api.POST('/api/ordenes/mesa/{place_id}/{accion}/', { params: { path: { place_id: sit, accion: action } } }),
  );
}
