/**
 * The diner's wire shapes, from the generated OpenAPI types: type-only imports, so the phone's
 * bundle carries none of them (the small client in http.ts does the calls).
 */
import type { components as Catalog } from '@/types/api/catalog';
import type { components as Floor } from '@/types/api/floor';
import type { components as Ordering } from '@/types/api/ordering';

export type PublicMenu = Catalog['schemas']['PublicMenu'];
export type PublicCategory = Catalog['schemas']['PublicCategory'];
export type PublicDish = Catalog['schemas']['PublicDish'];
export type PublicRestaurant = Catalog['schemas']['PublicRestaurant'];

/** Spec part 2 §4: '1' new, '2' accepted, '3' rejected, '4' delivered, '5' closing, '6' paid, '7' on the way. */
export type LineStatus = Ordering['schemas']['LineStatusUpdate']['status'];

// ordering declares a tab line's status as any string; it is always one of the seven above
export type TabLine = Omit<Ordering['schemas']['TabLine'], 'status'> & { status: LineStatus };

/** GET ordenes/lugar/{token}/: the table's shared tab. */
export type Tab = Omit<Ordering['schemas']['Tab'], 'lines'> & { lines: TabLine[] };

export type DinerOrderCreate = Ordering['schemas']['DinerOrderCreate'];
export type DinerOrderPublic = Omit<Ordering['schemas']['DinerOrderPublic'], 'lines'> & { lines: TabLine[] };

/** GET sit/lugar/{token}/: a place's public facts (floor). */
export type PlacePublic = Floor['schemas']['PlaceForDiner'];

export type DeliveryCreate = Ordering['schemas']['DeliveryCreate'];
export type DeliveryCreated = Ordering['schemas']['DeliveryCreated'];
