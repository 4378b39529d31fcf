import { getBlob, saveBlob } from '@/lib/api-client';
import { restaurantDay } from '@/lib/i18n/format';

/**
 * GET tickets/reporte/?fk_resto= : the active orders' report, resto_orders_report_{date}.pdf (400
 * no_active_orders), dated by the restaurant's day: a late shift's report is not the next day's.
 */
export async function downloadReport(restaurant: number): Promise<void> {
  const blob = await getBlob('/api/tickets/reporte/', { params: { query: { fk_resto: restaurant } } });
  saveBlob(blob, `resto_orders_report_${restaurantDay()}.pdf`);
}
