import { queryOptions } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys } from './keys';
import type { FloorSit } from './types';

/**
 * GET sit/?fk_resto= (floor): positions and waiter calls. Floor's API is being built: when it
 * answers nothing usable the sketch lays the board's tables out on a grid.
 */
export const sitsQuery = (restaurant: number) =>
  queryOptions({
    queryKey: ordersKeys.sits(restaurant),
    queryFn: () =>
      ordersFetch<FloorSit[] | { results: FloorSit[] }>('GET', `/api/sit/?fk_resto=${restaurant}`)
        .then((d) => (Array.isArray(d) ? d : d.results))
        .catch(() => [] as FloorSit[]),
    retry: false,
  });
