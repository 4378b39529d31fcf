import type { components } from '@/types/api/live';

/** The live sockets' frames, generated from proto/contracts/live.py (services/notifications/README.md). */
type Frames = components['schemas'];

/** Any frame of the staff socket. */
export type StaffFrame = Frames['StaffFrame'];
/** A message (not `ready` or `error`): the spec's fields, the event's facts and what changed. */
export type LiveMessage = Exclude<StaffFrame, { type: 'ready' | 'error' }>;
/** What a message changed: which resource shows it (tab, delivery, waiter_call), where, which lines. */
export type Changed = Frames['Changed'];
export type StaffAuth = Frames['StaffAuth'];
