import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { useChangeStatus } from '../actions';
import { openTicket } from '../api/get-ticket';
import { paymentState, type PaymentState } from '../api/pay';
import type { Line } from '../api/types';
import { STATUS_COLOR } from '../status';
import { PayDialog } from './pay-dialog';
import { useActionError } from './use-action-error';

/** The payment display states' colours (spec part 2 §4 'Payment'). */
const PAYMENT_COLOR: Record<PaymentState, string> = { paid: 'blue', pending: 'orange', rejected: 'red', none: 'gray' };

/**
 * One line's buttons, as the server says they apply: its next status (1 → 2, 2 → 4), pay it (spec
 * part 2 §4: disabled for new, rejected, paid and cash orders: the server's `can_pay`), reject with
 * confirmation, its ticket.
 */
export function LineActions({ line, restaurant }: { line: Line; restaurant: number }) {
  const t = useT();
  const change = useChangeStatus(restaurant);
  const onError = useActionError();
  const [confirm, setConfirm] = useState(false);
  const [paying, setPaying] = useState(false);
  const next = line.next_status;
  return (
    <Group gap={6}>
      {next && (
        <Button size="sm" loading={change.isPending} onClick={() => change.mutate({ line, status: next }, { onError, onSuccess: succeeded(t('orders.updated')) })}>
          {t(next === '2' ? 'orders.accept' : 'orders.deliver')}
        </Button>
      )}
      <Button size="sm" color="blue" variant="light" disabled={!line.can_pay} onClick={() => setPaying(true)}>
        {t('orders.pay.one')}
      </Button>
      {line.can_reject && (
        <Button size="sm" color="red" variant="light" onClick={() => setConfirm(true)}>
          {t('orders.reject')}
        </Button>
      )}
      <Button size="sm" variant="default" onClick={() => void openTicket(line.order).catch(onError)}>
        {t('orders.ticket')}
      </Button>
      <ConfirmDialog
        opened={confirm}
        title={t('orders.reject')}
        message={t('orders.confirmReject')}
        confirmLabel={t('orders.reject')}
        loading={change.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => change.mutate({ line, status: '3' }, { onError, onSuccess: succeeded(t('orders.updated')), onSettled: () => setConfirm(false) })}
      />
      {paying && (
        <PayDialog
          lines={[line]}
          title={t('orders.pay.titleOne', { dish: `${line.quantity} × ${line.dish_name}` })}
          restaurant={restaurant}
          place={line.fk_sit}
          onClose={() => setPaying(false)}
        />
      )}
    </Group>
  );
}

/** A line's payment display state: paid (with its method), pending payment, payment rejected, or none. */
export function PaymentBadge({ line }: { line: Line }) {
  const t = useT();
  const state = paymentState(line);
  const method = state === 'paid' && line.account_pay ? ` · ${t(`orders.pay.method.${line.account_pay.method}`)}` : '';
  return (
    <Badge color={PAYMENT_COLOR[state]} variant={state === 'none' ? 'outline' : 'light'} miw="max-content" data-testid={`pay-state-${line.id}`} data-state={state}>
      {t(`orders.pay.state.${state}`)}
      {method}
    </Badge>
  );
}

/**
 * A line's cells after its place: the dish (its comment under it), the status, its payment, the
 * actions. The badges keep their whole text (on a portrait tablet they were cut to 'N..'); the
 * buttons take a second row there instead.
 */
export function LineCells({ line, restaurant, quantity }: { line: Line; restaurant: number; quantity: 'apart' | 'inline' }) {
  const t = useT();
  return (
    <>
      <Table.Td>
        {quantity === 'inline' && `${line.quantity} × `}
        {line.dish_name}
        {line.extra_commentary && (
          <Text size="xs" c="dimmed">
            {line.extra_commentary}
          </Text>
        )}
      </Table.Td>
      {quantity === 'apart' && <Table.Td>{line.quantity}</Table.Td>}
      <Table.Td>
        <Badge color={STATUS_COLOR[line.status]} miw="max-content">
          {t(`orders.status.${line.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <PaymentBadge line={line} />
      </Table.Td>
      <Table.Td>
        <LineActions line={line} restaurant={restaurant} />
      </Table.Td>
    </>
  );
}
