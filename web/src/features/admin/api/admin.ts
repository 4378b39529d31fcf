import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api/identity';

export type ClientPage = components['schemas']['ClientPage'];
export type TableParams = { search?: string; ordering?: string; page: number; size: number };

export type LastOrder = components['schemas']['LastOrder'] | null;
export type AdminRestaurantRow = components['schemas']['AdminRestaurantRow'];
export type DashboardRow = components['schemas']['DashboardRow'];
export type Page<T> = { count: number; results: T[] };

export const adminKeys = {
  all: ['admin'] as const,
  accounts: (p: TableParams) => [...adminKeys.all, 'accounts', p] as const,
  restaurants: (p: TableParams) => [...adminKeys.all, 'restaurants', p] as const,
  dashboard: (p: TableParams) => [...adminKeys.all, 'dashboard', p] as const,
};

const query = (p: TableParams) => ({ search: p.search || undefined, ordering: p.ordering || undefined, page: p.page, size: p.size });

/** GET cliente/?search&page&size (customer list, 20 per page). */
export function getAccounts(p: TableParams): Promise<ClientPage> {
  const { ordering: _o, ...q } = query(p);
  return unwrap(api.GET('/api/cliente/', { params: { query: q } }));
}
export const useAccounts = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.accounts(p), queryFn: () => getAccounts(p), placeholderData: keepPreviousData });

/** GET admin/restaurantes/?search&ordering&page&size. */
export function getAdminRestaurants(p: TableParams): Promise<Page<AdminRestaurantRow>> {
  return unwrap(api.GET('/api/admin/restaurantes/', { params: { query: query(p) } }));
}
export const useAdminRestaurants = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.restaurants(p), queryFn: () => getAdminRestaurants(p), placeholderData: keepPreviousData });

/** GET admin/dashboard/?search&ordering&page&size. */
export function getDashboard(p: TableParams): Promise<Page<DashboardRow>> {
  return unwrap(api.GET('/api/admin/dashboard/', { params: { query: query(p) } }));
}
export const useDashboard = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.dashboard(p), queryFn: () => getDashboard(p), placeholderData: keepPreviousData });
