import { queryOptions } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys } from './keys';
import type { BoardTable } from './types';

/** GET ordenes/mesas/?fk_resto= : every place with its display status, counts and late flag. */
export const tablesQuery = (restaurant: number) =>
  queryOptions({
    queryKey: ordersKeys.tables(restaurant),
    queryFn: () => ordersFetch<BoardTable[]>('GET', `/api/ordenes/mesas/?fk_resto=${restaurant}`),
  });
