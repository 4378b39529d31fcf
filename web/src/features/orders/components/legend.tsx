import { Badge, Group, Text } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import { LEGEND, STATUS_COLOR } from '../status';

export function Legend() {
  const t = useT();
  return (
    <Group gap="xs" aria-label={t('orders.legend')} role="list">
      <Text size="sm" fw={600}>
        {t('orders.legend')}:
      </Text>
      {LEGEND.map((s) => (
        <Badge key={s} role="listitem" color={STATUS_COLOR[s]} variant="filled" size="lg">
          {t(`orders.status.${s}`)}
        </Badge>
      ))}
    </Group>
  );
}
