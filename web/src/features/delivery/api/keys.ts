/** Query keys of the delivery screen (hierarchical: a refresh invalidates by prefix). */
export type DeliveryFilters = { restaurant: number; status: string; page: number };

export const deliveryKeys = {
  all: ['delivery'] as const,
  list: (filters: DeliveryFilters) => ['delivery', 'list', filters] as const,
};
