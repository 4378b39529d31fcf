import { Badge } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import type { DeliveryLine } from '../api/keys';

const COLOR = { paid: 'blue', pending: 'orange', rejected: 'red' } as const;

/** A line's (or an order's) payment display state, spec part 2 §4 'Payment': paid, pending, rejected; nothing when none. */
export function PayState({ status, testid }: { status: DeliveryLine['status_pay'] | undefined; testid?: string }) {
  const t = useT();
  if (!status) return null;
  return (
    <Badge color={COLOR[status]} variant="light" mt={4} display="block" w="fit-content" data-testid={testid} data-state={status}>
      {t(`delivery.payState.${status}`)}
    </Badge>
  );
}
