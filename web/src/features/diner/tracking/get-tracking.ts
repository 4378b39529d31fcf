import type { components } from '@/types/api/ordering';
import { request } from '../api/http';

/** A diner's order as its tracking link shows it: lines, total, stage; no name, phone or address. */
export type Tracking = components['schemas']['TrackingPublic'];

/** GET delivery/seguimiento/{token}/ (ordering, anonymous): 404 `tracking_not_found` for an unknown or expired link. */
export function getTracking(token: string): Promise<Tracking> {
  return request<Tracking>('GET', `/api/delivery/seguimiento/${encodeURIComponent(token)}/`);
}

/** The link put in the WhatsApp message (the gateway serves `/seguimiento` unlogged: the token is a secret). */
export function trackingLink(token: string, origin = window.location.origin): string {
  return `${origin}/seguimiento?t=${encodeURIComponent(token)}`;
}
