import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/messages';
import { useChangeStatus } from '../api/change-status';
import { openTicket } from '../api/get-ticket';
import type { Line } from '../api/types';
import { STATUS_COLOR, canReject, nextAction } from '../status';
import { useActionError } from './use-action-error';

/** One line's buttons: the next status (1 → 2, 2 → 4), reject with confirmation, its ticket. */
export function LineActions({ line, restaurant }: { line: Line; restaurant: number }) {
  const t = useT();
  const change = useChangeStatus(restaurant);
  const onError = useActionError();
  const [confirm, setConfirm] = useState(false);
  const next = nextAction(line.status);
  return (
    <Group gap={6} wrap="nowrap">
      {next && (
        <Button size="sm" loading={change.isPending} onClick={() => change.mutate({ line, status: next.to }, { onError })}>
          {t(`orders.${next.label}`)}
        </Button>
      )}
      {canReject(line.status, line.cash) && (
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
        onConfirm={() => change.mutate({ line, status: '3' }, { onError, onSettled: () => setConfirm(false) })}
      />
    </Group>
  );
}

/** A line's cells after its place: the dish (its comment under it), the status, the actions. */
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
        <Badge color={STATUS_COLOR[line.status]}>{t(`orders.status.${line.status}`)}</Badge>
      </Table.Td>
      <Table.Td>
        <LineActions line={line} restaurant={restaurant} />
      </Table.Td>
    </>
  );
}
