import type { components as Billing } from '@/types/api/billing';
import type { components } from '@/types/api/identity';

export type ClientPage = components['schemas']['ClientPage'];
export type TableParams = { search?: string; ordering?: string; page: number; size: number };
export type LastOrder = components['schemas']['LastOrder'] | null;
export type AdminRestaurantRow = components['schemas']['AdminRestaurantRow'];
export type DashboardRow = components['schemas']['DashboardRow'];
export type Page<T> = { count: number; results: T[] };
export type FeeRow = Billing['schemas']['FeeRow'];
export type FeePublic = Billing['schemas']['FeePublic'];
export type CollectionResult = Billing['schemas']['CollectionResult'];
/** The fee table's parameters: an admin table's, plus the period (y-m-d, both included). */
export type FeeTableParams = TableParams & { start: string; end: string };

/** Query keys of the admin's tables. */
export const adminKeys = {
  all: ['admin'] as const,
  accounts: (p: TableParams) => [...adminKeys.all, 'accounts', p] as const,
  restaurants: (p: TableParams) => [...adminKeys.all, 'restaurants', p] as const,
  dashboard: (p: TableParams) => [...adminKeys.all, 'dashboard', p] as const,
  /** billing's per-restaurant fee table (/pagos-en-efectivo) */
  fees: (p: FeeTableParams) => [...adminKeys.all, 'fees', p] as const,
};

/** A table's parameters as the query string takes them (empty search and ordering left out). */
export const tableQuery = (p: TableParams) => ({ search: p.search || undefined, ordering: p.ordering || undefined, page: p.page, size: p.size });
