import { api, unwrap } from '@/lib/api-client';
import { useOperatorChange, type Operator, type OperatorCreate } from './keys';

/** POST registrar-operador/ {fk_resto, fk_user: {first_name, last_name, email, password, password2}}. */
export function createOperator(body: OperatorCreate): Promise<Operator> {
  return unwrap(api.POST('/api/registrar-operador/', { body }));
}

export const useCreateOperator = () => useOperatorChange(createOperator);
