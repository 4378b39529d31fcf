import type { FieldError } from 'react-hook-form';
import { useT } from '@/lib/i18n/messages';

/** Form errors carry catalog ids (see the features' schemas.ts); this turns one into text. */
export function useErrorText() {
  const t = useT();
  return (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined);
}

/** Telefono: key presses limited to digits. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '');
