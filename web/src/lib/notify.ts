import { useSyncExternalStore } from 'react';
import { localeStore } from './i18n/locale';

/** Toast durations of spec part 1 §9 / part 2 §9. */
export const DURATION = {
  default: 5000,
  /** registration, password and profile errors */
  form: 7000,
  /** login error, restaurant creation error */
  long: 15000,
  short: 3000,
} as const;

type Kind = 'success' | 'error' | 'warning' | 'info';
const COLORS: Record<Kind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'blue' };

const CLOSE = { es: 'Cerrar', en: 'Close' } as const;

// The toast container is downloaded on the first toast, not with the landing page.
let used = false;
const listeners = new Set<() => void>();
export const toastsUsed = {
  get: () => used,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
export const useToastsUsed = () => useSyncExternalStore(toastsUsed.subscribe, toastsUsed.get, toastsUsed.get);

export function notify(kind: Kind, message: string, opts: { title?: string; autoClose?: number } = {}) {
  if (!used) {
    used = true;
    for (const l of listeners) l();
  }
  // the notifications package (store + container) is one lazy chunk, fetched on the first toast
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      color: COLORS[kind],
      title: opts.title,
      message,
      autoClose: opts.autoClose ?? DURATION.default,
      withBorder: true,
      // the close button is an icon: it needs a name (axe 'button-name')
      closeButtonProps: { 'aria-label': CLOSE[localeStore.get()] },
    }),
  );
}

/** A mutation's `onSuccess` that says it worked, then goes on (closes the dialog, clears the selection). */
export const succeeded =
  (message: string, then?: () => void) =>
  (): void => {
    notify('success', message);
    then?.();
  };
