import type { components } from '@/types/api/catalog';

/** Catalog wire shapes, from the generated OpenAPI types (never hand-written). */
type S = components['schemas'];
export type Menu = S['MenuPublic'];
export type MenuTree = S['MenuTree'];
export type CategoryTree = S['CategoryTree'];
export type NestedMenu = S['NestedMenu'];
export type CategoryNodeIn = S['CategoryNode'];
export type Category = S['CategoryPublic'];
export type Dish = S['DishPublic'];
export type DishImage = S['DishImagePublic'];
export type DishPage = S['Page_DishPublic_'];
export type BulkPriceUpdate = S['BulkPriceUpdate'];
export type BulkPriceResult = S['BulkPriceResult'];
