import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys, type LineFilters } from './keys';
import type { Line, LinePage } from './types';

/** GET ordenes/?fk_sit__fk_resto=&status=&page=&size= : the list view (status 0 all, size -1 all). */
export const linesQuery = (restaurant: number, f: LineFilters) =>
  queryOptions({
    queryKey: ordersKeys.lines(restaurant, f),
    queryFn: () =>
      ordersFetch<LinePage>('GET', `/api/ordenes/?fk_sit__fk_resto=${restaurant}&status=${f.status}&page=${f.page}&size=${f.size}`),
    placeholderData: keepPreviousData,
  });

/** GET ordenes/?croquis=1 : the lines on the tables' tabs (the sketch's table dialog). */
export const sketchLinesQuery = (restaurant: number) =>
  queryOptions({
    queryKey: ordersKeys.sketchLines(restaurant),
    queryFn: () => ordersFetch<Line[]>('GET', `/api/ordenes/?croquis=1&fk_sit__fk_resto=${restaurant}&paginate=0`),
  });
