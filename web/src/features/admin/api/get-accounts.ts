import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, tableQuery, type ClientPage, type TableParams } from './keys';

/** GET cliente/?search&page&size (customer list, 20 per page). */
export function getAccounts(p: TableParams): Promise<ClientPage> {
  const { ordering: _o, ...q } = tableQuery(p);
  return unwrap(api.GET('/api/cliente/', { params: { query: q } }));
}

export const useAccounts = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.accounts(p), queryFn: () => getAccounts(p), placeholderData: keepPreviousData });
