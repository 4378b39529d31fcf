import { Paper, Text } from '@mantine/core';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';

type Props = {
  label: string;
  /** An amount as the API sends it (a decimal string); none: a dash (not known yet). */
  amount?: string | number | null;
  'data-testid'?: string;
};

/** One figure of a money screen: its name, then the amount in the user's currency (ARS es, USD en). */
export function MoneyFigure({ label, amount, ...rest }: Props) {
  const [locale] = useLocale();
  return (
    <Paper withBorder p="md" radius="md" style={{ containerType: 'inline-size' }} {...rest}>
      <Text c="dimmed" fz="sm" fw={600}>
        {label}
      </Text>
      {/* a busy month in pesos has nine digits: the amount shrinks to its card (four abreast on a tablet) */}
      <Text fw={700} mt={4} style={{ fontSize: 'min(26px, 10cqi)', overflowWrap: 'anywhere' }} data-role="amount">
        {amount == null ? '—' : formatPrice(amount, locale)}
      </Text>
    </Paper>
  );
}
