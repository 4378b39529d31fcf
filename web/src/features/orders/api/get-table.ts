import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys } from './keys';
import type { BoardTable, TableDetail } from './types';

/** GET ordenes/mesas/{id}/ : one place, the lines on its tab and the limits of a new line. */
export function getTable(place: number): Promise<TableDetail> {
  return unwrap(api.GET('/api/ordenes/mesas/{place_id}/', { params: { path: { place_id: place } } }));
}

/** The board's tables with one place as the server now answers it (a place not there yet is added). */
export function withTable(tables: BoardTable[], detail: TableDetail): BoardTable[] {
  const { lines: _lines, max_quantity: _quantity, max_comment: _comment, ...table } = detail;
  const at = tables.findIndex((t) => t.fk_sit === table.fk_sit);
  return at < 0 ? [...tables, table] : tables.map((t, i) => (i === at ? table : t));
}

/**
 * One place's tab: what a live message about the place fetches again (once), and what the table's
 * dialog shows. Its answer also updates the place's tile on the board, so one request does both.
 */
export const tableQuery = (restaurant: number, place: number) =>
  queryOptions({
    queryKey: ordersKeys.table(restaurant, place),
    queryFn: async ({ client }: { client: QueryClient }) => {
      const detail = await getTable(place);
      client.setQueryData<BoardTable[]>(ordersKeys.tables(restaurant), (tables) => tables && withTable(tables, detail));
      return detail;
    },
    staleTime: Infinity,
  });
