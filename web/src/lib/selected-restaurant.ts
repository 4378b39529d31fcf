import { useSyncExternalStore } from 'react';
import { KEYS, read, write } from './storage';

/**
 * The restaurant the tab bar works on (session entity: getpk, nameResto, waitTime, receive_noti,
 * mute_sound in local storage). An owner picks it on /restaurante; an operator's is loaded at login.
 */
export type SelectedRestaurant = { id: number; name: string };

/** The fields of a restaurant that the session keeps. */
export type SelectableRestaurant = {
  id_resto: number;
  nombre_local: string;
  wait_time?: number;
  receive_noti?: boolean;
  mute_sound?: boolean;
};

function load(): SelectedRestaurant | null {
  const id = Number(read(KEYS.getpk));
  return Number.isInteger(id) && id > 0 ? { id, name: read(KEYS.nameResto) ?? '' } : null;
}

let current = load();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const selectedRestaurantStore = {
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  select(r: SelectableRestaurant) {
    write(KEYS.getpk, String(r.id_resto));
    write(KEYS.nameResto, r.nombre_local);
    if (r.wait_time !== undefined) write(KEYS.waitTime, String(r.wait_time));
    // the session keeps receive_noti as si/no (spec part 1 §3) and mute_sound as true/false
    if (r.receive_noti !== undefined) write(KEYS.receiveNoti, r.receive_noti ? 'si' : 'no');
    if (r.mute_sound !== undefined) write(KEYS.muteSound, String(r.mute_sound));
    current = { id: r.id_resto, name: r.nombre_local };
    emit();
  },
  clear() {
    for (const k of [KEYS.getpk, KEYS.nameResto, KEYS.waitTime, KEYS.receiveNoti, KEYS.muteSound]) write(k, null);
    current = null;
    emit();
  },
  /** Re-read local storage (after login/logout clear it, and in tests). */
  reload() {
    current = load();
    emit();
  },
};

export function useSelectedRestaurant(): SelectedRestaurant | null {
  return useSyncExternalStore(selectedRestaurantStore.subscribe, selectedRestaurantStore.get, selectedRestaurantStore.get);
}
