import { api, unwrap } from '@/lib/api-client';
import { useOperatorChange } from './keys';

/** DELETE registrar-operador/{id}/ (204). */
export function deleteOperator(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } } })).then(() => undefined);
}

export const useDeleteOperator = () => useOperatorChange(deleteOperator);
