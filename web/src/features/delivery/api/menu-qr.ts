import { useQuery } from '@tanstack/react-query';
import { getBlob } from '@/lib/api-client';
import { deliveryKeys } from './keys';

/** GET qr/menu/{menu_id}/?format=png (floor): the delivery menu link's QR, as an object URL to show. */
export function useMenuQrImage(menu: number | null) {
  return useQuery({
    queryKey: deliveryKeys.qr(menu ?? 0),
    queryFn: async () => URL.createObjectURL(await getBlob('/api/qr/menu/{menu_id}/', { params: { path: { menu_id: menu as number }, query: { format: 'png' } } })),
    enabled: menu != null,
    staleTime: Infinity,
    retry: false,
  });
}
