import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { OPERATOR_PAGE_SIZE, operatorKeys, type OperatorPage } from './keys';

/** GET registrar-operador/?resto={id}&page → {count, results}. */
export function getOperators(resto: number, page: number): Promise<OperatorPage> {
  return unwrap(api.GET('/api/registrar-operador/', { params: { query: { resto, page, size: OPERATOR_PAGE_SIZE } } }));
}

export const operatorsQuery = (resto: number, page: number) =>
  queryOptions({ queryKey: operatorKeys.list(resto, page), queryFn: () => getOperators(resto, page), placeholderData: keepPreviousData });

export const useOperators = (resto: number, page: number) => useQuery(operatorsQuery(resto, page));
