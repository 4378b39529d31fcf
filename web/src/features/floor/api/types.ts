import type { Place } from '@/lib/places';
import type { components, operations } from '@/types/api/floor';

/** Floor's wire shapes, from the generated OpenAPI types (never hand-written). */
export type Sit = Place;
export type SitType = Sit['sit_type'];
/** What create and update send: a place without the server's own fields (without `id` it is created). */
export type SitInput = components['schemas']['SitItem'];
/** The A4 layouts of GET qr/sit/. */
export type SheetLayout = NonNullable<NonNullable<operations['placeQrSheets']['parameters']['query']>['layout']>;
