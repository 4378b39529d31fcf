import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '@/lib/api-types';
import type { components } from '@/types/api/identity';

export type Operator = components['schemas']['OperatorPublic'];
export type OperatorPage = components['schemas']['OperatorPage'];
export type OperatorCreate = RequestBody<'/api/registrar-operador/', 'post'>;
export type OperatorUpdate = RequestBody<'/api/registrar-operador/{operator_id}/', 'put'>;

/** Operators: 10 per page (spec part 2 §9). */
export const OPERATOR_PAGE_SIZE = 10;

/** Query keys of the operators feature; every change invalidates `all`. */
export const operatorKeys = {
  all: ['operators'] as const,
  list: (resto: number, page: number) => [...operatorKeys.all, 'list', resto, page] as const,
  detail: (id: number) => [...operatorKeys.all, 'detail', id] as const,
};

/** A change to operators: every operator list and detail is fetched again. */
export function useOperatorChange<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}
