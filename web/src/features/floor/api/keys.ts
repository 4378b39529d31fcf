/** Query keys of the floor feature (hierarchical: mutations invalidate by prefix); the menus' are `menuKeys` (lib/menus.ts). */
export const floorKeys = {
  all: ['floor'] as const,
  sits: (restaurant: number) => [...floorKeys.all, 'sits', restaurant] as const,
};
