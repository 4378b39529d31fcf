/** Query keys of the diner's screens (hierarchical: a socket message invalidates by prefix). */
export const dinerKeys = {
  all: ['diner'] as const,
  menu: (menuId: number) => ['diner', 'menu', menuId] as const,
  place: (token: string) => ['diner', 'place', token] as const,
  tab: (token: string) => ['diner', 'tab', token] as const,
  /** billing's side of the tab (linked, tips, open checkouts): its own key, read again when a line's payment changes */
  payState: (token: string) => ['diner', 'pay', token] as const,
  /** The sends, one key each (`useSend`: one of them out at a time). */
  send: (what: 'order' | 'call' | 'delivery' | 'pay', token = '') => ['diner', 'send', what, token] as const,
};
