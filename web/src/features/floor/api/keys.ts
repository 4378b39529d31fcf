/** Query keys of the floor feature (hierarchical: mutations invalidate by prefix). */
export const floorKeys = {
  all: ['floor'] as const,
  sits: (restaurant: number) => ['floor', 'sits', restaurant] as const,
  menus: (restaurant: number) => ['floor', 'menus', restaurant] as const,
};
