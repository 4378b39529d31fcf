import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, tableQuery, type DashboardRow, type Page, type TableParams } from './keys';

/** GET admin/dashboard/?search&ordering&page&size. */
export function getDashboard(p: TableParams): Promise<Page<DashboardRow>> {
  return unwrap(api.GET('/api/admin/dashboard/', { params: { query: tableQuery(p) } }));
}

export const useDashboard = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.dashboard(p), queryFn: () => getDashboard(p), placeholderData: keepPreviousData });
