import { getBlob, saveBlob } from '@/lib/api-client';
import type { SheetLayout, SitType } from './types';

export type SheetQuery = { restaurant: number; layout: SheetLayout; sitType?: SitType; ids?: number[] };

/** GET qr/sit/ : the A4 sheet of all places, one kind (`sit_type`) or a list (`ids`), saved as `filename`. */
export async function downloadSheet({ restaurant, layout, sitType, ids }: SheetQuery, filename: string): Promise<void> {
  const query = { fk_resto: restaurant, layout, sit_type: sitType, ids: ids?.length ? ids.join(',') : undefined };
  saveBlob(await getBlob('/api/qr/sit/', { params: { query } }), filename);
}
