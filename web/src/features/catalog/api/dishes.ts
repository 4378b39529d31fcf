import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys, type DishFilters } from './keys';
import type { Dish, DishPage } from './types';

/** GET dish/ with page, size, search, menu_group__menu, menu_group → {count, results}. */
export async function getDishes(f: DishFilters): Promise<DishPage> {
  const query = {
    page: f.page,
    size: f.size,
    search: f.search || undefined,
    menu_group__menu: f.menu ?? undefined,
    menu_group: f.category ?? undefined,
    menu_group__menu__restaurant: f.restaurant,
  };
  const data = await unwrap(api.GET('/api/dish/', { params: { query } }));
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

export function useDishes(filters: DishFilters) {
  return useQuery({ queryKey: catalogKeys.dishes(filters), queryFn: () => getDishes(filters), placeholderData: keepPreviousData });
}

/** The dish form as sent: multipart strings (price "1234.50"), new images as files. */
export type DishInput = {
  name: string;
  description: string;
  price: string;
  menu_group: number;
  images: File[];
};

function dishFormData(input: DishInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  form.append('price', input.price);
  form.append('menu_group', String(input.menu_group));
  for (const file of input.images) form.append('dish_dimage', file);
  return form;
}

/** POST dish/ multipart. */
export function createDish(input: DishInput): Promise<Dish> {
  const form = dishFormData(input);
  return unwrap(api.POST('/api/dish/', { body: form as never, bodySerializer: () => form }));
}

/** PUT dish/{id}/ multipart: the fields sent change; images sent are added. */
export function updateDish(id: number, input: DishInput): Promise<Dish> {
  const form = dishFormData(input);
  return unwrap(
    api.PUT('/api/dish/{dish_id}/', { params: { path: { dish_id: id } }, body: form as never, bodySerializer: () => form }),
  );
}

/** DELETE dish/{id}/ ('category cannot be left empty' when it is the last of its category). */
export function deleteDish(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/dish/{dish_id}/', { params: { path: { dish_id: id } } })).then(() => undefined);
}

/** POST dish/{pk}/habilitar-inhabilitar/ ('dish is active in an order' when it cannot be disabled). */
export function toggleDish(id: number): Promise<Dish> {
  return unwrap(api.POST('/api/dish/{dish_id}/habilitar-inhabilitar/', { params: { path: { dish_id: id } } }));
}

/** Every dish change shows in the list, the editor's tree and the categories' contents. */
function useInvalidateDishes() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() }),
      qc.invalidateQueries({ queryKey: catalogKeys.treesAll() }),
    ]);
}

export function useCreateDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: createDish, onSuccess: invalidate });
}

export function useUpdateDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: ({ id, input }: { id: number; input: DishInput }) => updateDish(id, input), onSuccess: invalidate });
}

export function useDeleteDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: deleteDish, onSuccess: invalidate });
}

export function useToggleDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: toggleDish, onSuccess: invalidate });
}
