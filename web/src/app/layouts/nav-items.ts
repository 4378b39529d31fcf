import { GROUP, paths } from '@/config/paths';

export type NavItem = { key: string; label: string; to: string; groups: readonly number[] };

/**
 * Tab bar for groups 2 and 4 (spec part 1 §2, §6): owners see every tab (the payment link only
 * while the restaurant is not linked; the floor plan to owners only); operators see menus,
 * dishes, QR, orders, delivery and balance.
 */
export const RESTO_TABS: readonly NavItem[] = [
  { key: 'profile', label: 'nav.tabs.profile', to: paths.editarRestaurante.path, groups: [GROUP.owner] },
  { key: 'menus', label: 'nav.tabs.menus', to: paths.menu.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'dishes', label: 'nav.tabs.dishes', to: paths.listaDePlatos.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'floor', label: 'nav.tabs.floor', to: paths.croquis.path, groups: [GROUP.owner] },
  { key: 'qr', label: 'nav.tabs.qr', to: paths.qr.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'orders', label: 'nav.tabs.orders', to: paths.ordenes.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'delivery', label: 'nav.tabs.delivery', to: paths.delivery.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'payment', label: 'nav.tabs.paymentLink', to: paths.mercadopago.path, groups: [GROUP.owner] },
  { key: 'balance', label: 'nav.tabs.balance', to: paths.balance.path, groups: [GROUP.owner, GROUP.operator] },
  { key: 'stats', label: 'nav.tabs.statistics', to: paths.estadisticas.path, groups: [GROUP.owner] },
  { key: 'operators', label: 'nav.tabs.operators', to: paths.operadores.path, groups: [GROUP.owner] },
];

export function restoTabsFor(groups: readonly number[], opts: { mpLinked?: boolean } = {}): NavItem[] {
  return RESTO_TABS.filter(
    (item) => item.groups.some((g) => groups.includes(g)) && !(item.key === 'payment' && opts.mpLinked),
  );
}

/** Side drawer for groups 1 and 3 (logout is added by the drawer itself). */
export const DRAWER_ITEMS: readonly NavItem[] = [
  { key: 'restaurants', label: 'nav.drawer.restaurants', to: paths.restaurantList.path, groups: [GROUP.admin] },
  { key: 'payments', label: 'nav.drawer.payments', to: paths.pagosEnEfectivo.path, groups: [GROUP.admin] },
  { key: 'accounts', label: 'nav.drawer.accounts', to: paths.userList.path, groups: [GROUP.admin] },
  { key: 'dashboard', label: 'nav.drawer.dashboard', to: paths.dashboard.path, groups: [GROUP.admin] },
  { key: 'profile', label: 'nav.drawer.profile', to: paths.profile.path, groups: [GROUP.client] },
];

export const drawerItemsFor = (groups: readonly number[]) =>
  DRAWER_ITEMS.filter((item) => item.groups.some((g) => groups.includes(g)));

export const hasDrawer = (groups: readonly number[]) => groups.includes(GROUP.admin) || groups.includes(GROUP.client);
export const hasTabs = (groups: readonly number[]) => groups.includes(GROUP.owner) || groups.includes(GROUP.operator);

/** Tab-bar pages: the tab bar shows there for groups 2 and 4. */
export const TAB_PATHS: readonly string[] = RESTO_TABS.map((i) => i.to);
