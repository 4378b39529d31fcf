/** Query keys of the diner's screens (hierarchical: a socket message invalidates by prefix). */
export const dinerKeys = {
  all: ['diner'] as const,
  menu: (menuId: number) => ['diner', 'menu', menuId] as const,
  place: (token: string) => ['diner', 'place', token] as const,
  tab: (token: string) => ['diner', 'tab', token] as const,
};
