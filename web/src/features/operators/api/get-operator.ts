import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { operatorKeys, type Operator } from './keys';

/** GET registrar-operador/{id}/. */
export function getOperator(id: number): Promise<Operator> {
  return unwrap(api.GET('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } } }));
}

export const useOperator = (id: number | null) =>
  useQuery({ queryKey: operatorKeys.detail(id ?? 0), queryFn: () => getOperator(id ?? 0), enabled: !!id });
