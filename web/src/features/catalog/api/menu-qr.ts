import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';
import { catalogKeys } from './keys';

/**
 * GET qr/menu/{menu_id}/?format=png|pdf (floor service): a binary answer, so it is fetched with
 * the token header here rather than through the JSON client; an <img src> could not send it.
 */
export async function getMenuQr(menuId: number, format: 'png' | 'pdf'): Promise<Blob> {
  const { token } = sessionStore.get();
  const headers: Record<string, string> = { 'Accept-Language': localeStore.get() };
  if (token) headers.Authorization = `Token ${token}`;
  const response = await globalThis.fetch(`/api/qr/menu/${menuId}/?format=${format}`, { headers });
  if (!response.ok) throw new ApiError(response.status, null);
  return response.blob();
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
