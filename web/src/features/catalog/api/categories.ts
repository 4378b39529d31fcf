import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from './keys';
import type { Category } from './types';

/** GET menu-group/?menu= (page 1 of 500, spec part 1 §9): a menu's categories, flat. */
export async function getCategories(menuId: number): Promise<Category[]> {
  const page = await unwrap(api.GET('/api/menu-group/', { params: { query: { menu: menuId, page: 1, size: 500 } } }));
  return Array.isArray(page) ? page : page.results;
}

export function useCategories(menuId: number | null) {
  return useQuery({
    queryKey: catalogKeys.categories(menuId ?? 0),
    queryFn: () => getCategories(menuId as number),
    enabled: menuId != null,
  });
}

export type CategoryOption = { value: string; label: string };

/**
 * The categories a dish can be in (the last level: categories without sub-categories),
 * labelled with their path ("Bebidas / Vinos"), in tree order.
 */
export function dishCategoryOptions(categories: Category[]): CategoryOption[] {
  const byParent = new Map<number | null, Category[]>();
  for (const c of categories) {
    const list = byParent.get(c.sub_category) ?? [];
    list.push(c);
    byParent.set(c.sub_category, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  const out: CategoryOption[] = [];
  const walk = (parent: number | null, prefix: string) => {
    for (const c of byParent.get(parent) ?? []) {
      const label = prefix ? `${prefix} / ${c.name}` : c.name;
      if (byParent.has(c.id)) walk(c.id, label);
      else out.push({ value: String(c.id), label });
    }
  };
  walk(null, '');
  return out;
}

/** Every category of a menu (any level), labelled with its path, in tree order (bulk update). */
export function allCategoryOptions(categories: Category[]): CategoryOption[] {
  const byParent = new Map<number | null, Category[]>();
  for (const c of categories) byParent.set(c.sub_category, [...(byParent.get(c.sub_category) ?? []), c]);
  for (const list of byParent.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  const out: CategoryOption[] = [];
  const walk = (parent: number | null, prefix: string) => {
    for (const c of byParent.get(parent) ?? []) {
      const label = prefix ? `${prefix} / ${c.name}` : c.name;
      out.push({ value: String(c.id), label });
      walk(c.id, label);
    }
  };
  walk(null, '');
  return out;
}
