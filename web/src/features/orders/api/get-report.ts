import { getBlob, saveBlob } from '@/lib/api-client';

/** GET tickets/reporte/?fk_resto= : the active orders' report, resto_orders_report_{date}.pdf (400 no_active_orders). */
export async function downloadReport(restaurant: number): Promise<void> {
  const blob = await getBlob('/api/tickets/reporte/', { params: { query: { fk_resto: restaurant } } });
  saveBlob(blob, `resto_orders_report_${new Date().toISOString().slice(0, 10)}.pdf`);
}
