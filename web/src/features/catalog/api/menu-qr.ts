import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from './keys';

/**
 * GET qr/menu/{menu_id}/?format=png|pdf (floor service): a binary answer, read as a blob through
 * the API client (it sends the token, which an <img src> could not).
 */
export function getMenuQr(menuId: number, format: 'png' | 'pdf'): Promise<Blob> {
  return unwrap(
    api.GET('/api/qr/menu/{menu_id}/', { params: { path: { menu_id: menuId }, query: { format } }, parseAs: 'blob' }),
  ) as Promise<Blob>;
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
  const blob = await getMenuQr(menuId, 'pdf');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'qr_menu.pdf';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
