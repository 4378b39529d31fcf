import { floorBlob } from './client';
import type { SitType } from './types';

/** The A4 layouts of GET qr/sit/ (services/floor/README.md). */
export type SheetLayout = '3x3' | '4x4' | '5x5' | '4-instrucciones' | 'uno' | 'uno-instrucciones';

export type SheetQuery = { restaurant: number; layout: SheetLayout; sitType?: SitType; ids?: number[] };

/** The sheet's address: all places, one kind (`sit_type`) or a list (`ids`). */
export function sheetPath({ restaurant, layout, sitType, ids }: SheetQuery): string {
  const q = new URLSearchParams({ fk_resto: String(restaurant), layout });
  if (sitType) q.set('sit_type', sitType);
  if (ids?.length) q.set('ids', ids.join(','));
  return `/api/qr/sit/?${q.toString()}`;
}

/** Download the PDF sheet under `filename` (through a link: the browser saves it). */
export async function downloadSheet(query: SheetQuery, filename: string): Promise<void> {
  const blob = await floorBlob(sheetPath(query));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
