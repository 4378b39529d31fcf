import { notifications } from '@mantine/notifications';

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

export function notify(kind: Kind, message: string, opts: { title?: string; autoClose?: number } = {}) {
  notifications.show({
    color: COLORS[kind],
    title: opts.title,
    message,
    autoClose: opts.autoClose ?? DURATION.default,
    withBorder: true,
  });
}
