import type { components } from '@/types/api/notifications';

/** A stored notification, with its read mark. */
export type Notification = components['schemas']['NotificationPublic'];

/** Query keys of the bell (per selected restaurant; null: every restaurant of the account). */
export const bellKeys = {
  all: ['bell'] as const,
  unread: (restaurant: number | null) => [...bellKeys.all, 'unread', restaurant] as const,
  list: (restaurant: number | null) => [...bellKeys.all, 'list', restaurant] as const,
};

/** The restaurant a call is scoped to: none asks for every restaurant of the account. */
export const scope = (restaurant: number | null) => ({ fk_resto: restaurant ?? undefined });
