/**
 * Local storage keys of the session entity (spec part 1 §3 'Session').
 * Logout clears everything except what belongs to the device (DEVICE_KEYS).
 */
export const KEYS = {
  token: 'token',
  user: 'user',
  groups: 'groups',
  id: 'id',
  firstName: 'first_name',
  getpk: 'getpk',
  nameResto: 'nameResto',
  waitTime: 'waitTime',
  mnStatus: 'mnStatus',
  cookieAccepted: 'cookie-accepted',
  receiveNoti: 'receive_noti',
  muteSound: 'mute_sound',
  startResto: 'StartResto',
  locale: 'locale',
  owner: 'owner',
  /** the diner's table (`/menus?p=<token>`), for the way back from the marketplace's result pages */
  dinerTable: 'diner-table',
} as const;

export function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the app still works for this tab */
  }
}

/**
 * Choices made on this device rather than by the account: the cookie consent (spec part 1 §2), the
 * chosen language and the first-visit help once closed. Whoever signs in next on the same browser
 * made them too, so logout and the visitor's clear keep them (issue 38).
 */
export const DEVICE_KEYS = [KEYS.cookieAccepted, KEYS.locale, KEYS.startResto] as const;

/** Clear local storage, keeping the given keys and always DEVICE_KEYS. */
export function clearExcept(keep: readonly string[] = []): void {
  const kept = [...DEVICE_KEYS, ...keep].map((k) => [k, read(k)] as const);
  try {
    window.localStorage.clear();
  } catch {
    return;
  }
  for (const [k, v] of kept) if (v !== null) write(k, v);
}
