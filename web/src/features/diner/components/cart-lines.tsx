import { Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import { type CartLine, LIMITS, cartTotalCents, lineCents } from '../cart';
import { LineComment } from './line-comment';
import { useMoney } from './use-money';
import { StepButton } from './step-button';

/** The cart's lines with +/- (0 removes) and the total. */
export function CartLines({ lines, onQuantity }: { lines: CartLine[]; onQuantity: (key: string, quantity: number) => void }) {
  const t = useT();
  const money = useMoney();
  if (lines.length === 0) return <Text c="dimmed">{t('diner.cart.empty')}</Text>;
  return (
    <Stack gap="sm">
      {lines.map((line) => (
        <Group key={line.key} justify="space-between" wrap="nowrap" align="flex-start" data-testid={`cart-line-${line.name}`}>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>
              {line.quantity} x {line.name}
            </Text>
            <LineComment text={line.comment} />
            <Text size="sm">{money(lineCents(line))}</Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <StepButton
              size={40}
              label={line.quantity === 1 ? t('diner.cart.remove', { name: line.name }) : t('diner.dish.less')}
              icon={line.quantity === 1 ? <IconTrash size={18} /> : <IconMinus size={18} />}
              onClick={() => onQuantity(line.key, line.quantity - 1)}
            />
            <StepButton size={40} label={t('diner.dish.more')} icon={<IconPlus size={18} />} disabled={line.quantity >= LIMITS.maxQuantity} onClick={() => onQuantity(line.key, line.quantity + 1)} />
          </Group>
        </Group>
      ))}
      <Text fw={700} size="lg" ta="right" data-testid="cart-total">
        {t('diner.cart.total', { total: money(cartTotalCents(lines)) })}
      </Text>
    </Stack>
  );
}
