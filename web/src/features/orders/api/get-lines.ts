import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys, type LineFilters } from './keys';
import type { Line, LinePage } from './types';

/** GET ordenes/?fk_sit__fk_resto=&status=&page=&size= : the list view (status '0' all, size -1 all). */
export async function getLines(restaurant: number, f: LineFilters): Promise<LinePage> {
  const query = { fk_sit__fk_resto: restaurant, status: f.status, page: f.page, size: f.size };
  const data = await unwrap(api.GET('/api/ordenes/', { params: { query } }));
  return (Array.isArray(data) ? { count: data.length, results: data } : data) as LinePage;
}

export const linesQuery = (restaurant: number, f: LineFilters) =>
  queryOptions({ queryKey: ordersKeys.lines(restaurant, f), queryFn: () => getLines(restaurant, f), placeholderData: keepPreviousData });

/** GET ordenes/?croquis=1&paginate=0 : the lines on the tables' tabs (the sketch's table dialog). */
export async function getSketchLines(restaurant: number): Promise<Line[]> {
  const data = await unwrap(api.GET('/api/ordenes/', { params: { query: { croquis: true, fk_sit__fk_resto: restaurant, paginate: false } } }));
  return (Array.isArray(data) ? data : data.results) as Line[];
}

export const sketchLinesQuery = (restaurant: number) =>
  queryOptions({ queryKey: ordersKeys.sketchLines(restaurant), queryFn: () => getSketchLines(restaurant) });
