import { useSyncExternalStore } from 'react';
import { selectedRestaurantStore } from './selected-restaurant';
import { KEYS, clearExcept, read, write } from './storage';

/** The logged-in user as the client keeps it (local storage, spec part 1 §3). */
export type Session = {
  token: string | null;
  username: string | null;
  groups: number[];
  id: number | null;
  firstName: string | null;
  /** 'checking' while the start-up session check runs. */
  status: 'checking' | 'ready';
};

function load(): Session {
  const token = read(KEYS.token);
  let groups: number[] = [];
  try {
    const parsed: unknown = JSON.parse(read(KEYS.groups) ?? '[]');
    if (Array.isArray(parsed)) groups = parsed.map(Number).filter((n) => Number.isInteger(n));
  } catch {
    groups = [];
  }
  const id = read(KEYS.id);
  return {
    token,
    username: read(KEYS.user),
    groups,
    id: id ? Number(id) : null,
    firstName: read(KEYS.firstName),
    status: token ? 'checking' : 'ready',
  };
}

let current: Session = load();
const listeners = new Set<() => void>();

function emit(next: Session) {
  current = next;
  for (const l of listeners) l();
}

export const sessionStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Store a successful login / registration. */
  signIn(data: { token: string; username: string; groups: number[]; id?: number | null; firstName?: string | null }) {
    write(KEYS.token, data.token);
    write(KEYS.user, data.username);
    write(KEYS.groups, JSON.stringify(data.groups));
    write(KEYS.id, data.id != null ? String(data.id) : null);
    write(KEYS.firstName, data.firstName ?? null);
    if (data.groups.includes(2)) {
      // an owner starts without a selected restaurant
      write(KEYS.getpk, null);
      write(KEYS.nameResto, null);
      write(KEYS.owner, 'true');
    }
    selectedRestaurantStore.reload();
    emit({
      token: data.token,
      username: data.username,
      groups: data.groups,
      id: data.id ?? null,
      firstName: data.firstName ?? null,
      status: 'ready',
    });
  },
  /** Merge what the session check returned. */
  confirm(data: { id: number; username: string; groups: number[]; firstName: string | null }) {
    write(KEYS.id, String(data.id));
    write(KEYS.user, data.username);
    write(KEYS.groups, JSON.stringify(data.groups));
    write(KEYS.firstName, data.firstName);
    emit({ ...current, ...data, status: 'ready' });
  },
  /** Forget the user: clears local storage except the device's choices (DEVICE_KEYS). */
  clear() {
    clearExcept();
    selectedRestaurantStore.reload();
    emit({ token: null, username: null, groups: [], id: null, firstName: null, status: 'ready' });
  },
  /** Re-read local storage (tests). */
  reload() {
    selectedRestaurantStore.reload();
    emit(load());
  },
};

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
