import { useShowServerErrors } from '@/lib/api-errors';

/**
 * Operator create / update errors (spec part 2 §8): a username clash reads as the e-mail message;
 * others as the server sent them (localized); 7 s, one per message.
 */
export function useShowOperatorErrors() {
  return useShowServerErrors({ title: 'operators.errors.title', fields: { username: { text: 'errors.register.email' } } });
}
