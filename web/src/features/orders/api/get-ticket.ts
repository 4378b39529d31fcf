import { getBlob } from '@/lib/api-client';

/** GET tickets/orden/{order}/?format=pdf : the 85 mm command ticket, opened to print. */
export async function openTicket(order: number): Promise<void> {
  const blob = await getBlob('/api/tickets/orden/{order_id}/', { params: { path: { order_id: order }, query: { format: 'pdf' } } });
  window.open(URL.createObjectURL(blob), '_blank');
}
