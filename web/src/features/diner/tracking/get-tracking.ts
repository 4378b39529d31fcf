import { publicApi, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api/ordering';

/** A diner's order as its tracking link shows it: lines, total, stage; no name, phone or address. */
export type Tracking = components['schemas']['TrackingPublic'];

/** GET delivery/seguimiento/{token}/ (ordering, anonymous): 404 `tracking_not_found` for an unknown or expired link. */
export function getTracking(token: string): Promise<Tracking> {
  return unwrap(publicApi.GET('/api/delivery/seguimiento/{token}/', { params: { path: { token } } }));
}

/** The link put in the WhatsApp message (the gateway serves `/seguimiento` unlogged: the token is a secret). */
export function trackingLink(token: string, origin = window.location.origin): string {
  return `${origin}/seguimiento?t=${encodeURIComponent(token)}`;
}
