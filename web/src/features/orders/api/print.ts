import { ordersBlob } from './client';

/** GET tickets/orden/{order}/?format=pdf : the 85 mm command ticket, opened to print. */
export async function openTicket(order: number) {
  const blob = await ordersBlob(`/api/tickets/orden/${order}/?format=pdf`);
  window.open(URL.createObjectURL(blob), '_blank');
}

/** GET tickets/reporte/?fk_resto= : resto_orders_report_{date}.pdf (400 no_active_orders). */
export async function downloadReport(restaurant: number) {
  const blob = await ordersBlob(`/api/tickets/reporte/?fk_resto=${restaurant}`);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `resto_orders_report_${new Date().toISOString().slice(0, 10)}.pdf`;
  a.click();
}
