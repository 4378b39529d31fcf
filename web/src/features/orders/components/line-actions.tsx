import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/messages';
import { useChangeStatus } from '../api/change-status';
import { openTicket } from '../api/print';
import type { Line } from '../api/types';
import { canReject, nextAction } from '../status';
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
