import { queryOptions } from '@tanstack/react-query';
import { getPlaces } from '@/lib/places';
import { ordersKeys } from './keys';

/**
 * GET sit/?fk_resto= (floor): positions and waiter calls. Under the board's key, so a socket
 * message refreshes it with the board; a table floor has not placed is laid out on a grid.
 */
export const sitsQuery = (restaurant: number) => queryOptions({ queryKey: ordersKeys.sits(restaurant), queryFn: () => getPlaces(restaurant) });
