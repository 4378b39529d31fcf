import { Text } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** A line's comment for the kitchen ("sin comino") under its dish, when it has one. */
export function LineComment({ text }: { text: string | null | undefined }) {
  const t = useT();
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('diner.cart.lineComment', { text })}
    </Text>
  );
}
