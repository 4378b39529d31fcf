import { useQuery } from '@tanstack/react-query';
import { getBlob, saveBlob } from '@/lib/api-client';
import { catalogKeys } from './keys';

/** GET qr/menu/{menu_id}/?format=png|pdf (floor service): the menu link's QR. */
export function getMenuQr(menuId: number, format: 'png' | 'pdf'): Promise<Blob> {
  return getBlob('/api/qr/menu/{menu_id}/', { params: { path: { menu_id: menuId }, query: { format } } });
}

/** The QR image as an object URL (revoked by the browser with the page). */
export function useMenuQrImage(menuId: number | null) {
  return useQuery({
    queryKey: catalogKeys.qr(menuId ?? 0),
    queryFn: async () => URL.createObjectURL(await getMenuQr(menuId as number, 'png')),
    enabled: menuId != null,
    staleTime: Infinity,
    retry: false,
  });
}

/** Download the A4 PDF (126-point QR) as qr_menu.pdf. */
export async function downloadMenuQrPdf(menuId: number): Promise<void> {
  saveBlob(await getMenuQr(menuId, 'pdf'), 'qr_menu.pdf');
}
