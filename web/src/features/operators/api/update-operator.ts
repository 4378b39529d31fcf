import { api, unwrap } from '@/lib/api-client';
import { useOperatorChange, type Operator, type OperatorUpdate } from './keys';

/** PUT registrar-operador/{id}/ {fk_user: {first_name, last_name, password?, password2?}}. */
export function updateOperator({ id, body }: { id: number; body: OperatorUpdate }): Promise<Operator> {
  return unwrap(api.PUT('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } }, body }));
}

export const useUpdateOperator = () => useOperatorChange(updateOperator);
