import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody } from '@/lib/api-types';
import type { components } from '@/types/api/identity';

export type Operator = components['schemas']['OperatorPublic'];
export type OperatorPage = components['schemas']['OperatorPage'];
export type OperatorCreate = RequestBody<'/api/registrar-operador/', 'post'>;
export type OperatorUpdate = RequestBody<'/api/registrar-operador/{operator_id}/', 'put'>;

/** Operators: 10 per page (spec part 2 §9). */
export const OPERATOR_PAGE_SIZE = 10;

export const operatorKeys = {
  all: ['operators'] as const,
  list: (resto: number, page: number) => [...operatorKeys.all, 'list', resto, page] as const,
  detail: (id: number) => [...operatorKeys.all, 'detail', id] as const,
};

/** GET registrar-operador/?resto={id}&page → {count, results}. */
export function getOperators(resto: number, page: number): Promise<OperatorPage> {
  return unwrap(api.GET('/api/registrar-operador/', { params: { query: { resto, page, size: OPERATOR_PAGE_SIZE } } }));
}
export const operatorsQuery = (resto: number, page: number) =>
  queryOptions({ queryKey: operatorKeys.list(resto, page), queryFn: () => getOperators(resto, page), placeholderData: keepPreviousData });
export const useOperators = (resto: number, page: number) => useQuery(operatorsQuery(resto, page));

/** GET registrar-operador/{id}/. */
export function getOperator(id: number): Promise<Operator> {
  return unwrap(api.GET('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } } }));
}
export const useOperator = (id: number | null) =>
  useQuery({ queryKey: operatorKeys.detail(id ?? 0), queryFn: () => getOperator(id ?? 0), enabled: !!id });

/** POST registrar-operador/ {fk_resto, fk_user: {first_name, last_name, email, password, password2}}. */
export function createOperator(body: OperatorCreate): Promise<Operator> {
  return unwrap(api.POST('/api/registrar-operador/', { body }));
}

/** PUT registrar-operador/{id}/ {fk_user: {first_name, last_name, password?, password2?}}. */
export function updateOperator({ id, body }: { id: number; body: OperatorUpdate }): Promise<Operator> {
  return unwrap(api.PUT('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } }, body }));
}

/** DELETE registrar-operador/{id}/ (204). */
export function deleteOperator(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/registrar-operador/{operator_id}/', { params: { path: { operator_id: id } } })).then(() => undefined);
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}
export const useCreateOperator = () => useInvalidating(createOperator);
export const useUpdateOperator = () => useInvalidating(updateOperator);
export const useDeleteOperator = () => useInvalidating(deleteOperator);
