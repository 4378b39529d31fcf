import { newIdempotencyKey } from './idempotency-key';

/**
 * This tab's name on the server, sent as `X-Client-Id` with every call (8 to 64 letters, digits
 * and dashes; a new one per page load). The live messages a staff member's own calls cause come
 * back carrying it (`origin`), so the tab that acted shows no toast for what it has just done.
 */
export const SCREEN_ID: string = newIdempotencyKey();
