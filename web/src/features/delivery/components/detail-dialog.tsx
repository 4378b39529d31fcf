import { useState } from 'react';
import { Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from '@/components/loading';
import { useShowServerErrors } from '@/lib/api-errors';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify, succeeded } from '@/lib/notify';
import { deliveryQuery } from '../api/get-delivery';
import type { Delivery } from '../api/keys';
import { useUpdateDetails } from '../api/update-details';
import { edited } from '../live';
import { LIMITS, detailsSchema } from '../schemas';
import { STATUS_COLOR } from '../status';
import { deliveryNumber, when } from './format';
import { OnlineLink } from './online-link';
import { PayState } from './pay-state';

type Props = { id: number; restaurant: number; onEdit: (d: Delivery) => void; onClose: () => void };

/**
 * The order's detail (spec part 2 §2): its lines with their comments and statuses, the contact
 * details (edited in their own dialog) and the detail text, edited here (up to 200 characters).
 * Its delivery is the row it was opened from; live messages keep both current (../live.ts).
 */
export function DetailDialog({ id, restaurant, onEdit, onClose }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const delivery = useQuery(deliveryQuery(restaurant, id));
  const d = delivery.data;
  const money = (amount: string | null) => (amount == null ? '—' : formatPrice(amount, locale));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('delivery.detail.title', { number: d ? deliveryNumber(d) : '' })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {!d ? (
        <Loading height={200} />
      ) : (
        <Stack gap="md" data-testid="delivery-detail">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
              <Text size="sm" c="dimmed">{t('delivery.col.date')}</Text>
              <Text size="sm">{when(d.creation_date, locale)}</Text>
              <Text size="sm" c="dimmed">{t('delivery.col.type')}</Text>
              <Text size="sm">{t(`delivery.type.${d.type_delivery}`)}</Text>
              <Text size="sm" c="dimmed">{t('delivery.field.name')}</Text>
              <Text size="sm" data-testid="detail-name">{d.contact_info.name}</Text>
              <Text size="sm" c="dimmed">{t('delivery.field.phone')}</Text>
              <Text size="sm">{d.contact_info.phone || '—'}</Text>
              <Text size="sm" c="dimmed">{t('delivery.field.address')}</Text>
              <Text size="sm" data-testid="detail-address">{d.address || '—'}</Text>
              <Text size="sm" c="dimmed">{t('delivery.detail.source')}</Text>
              <Text size="sm">{t(d.admin ? 'delivery.detail.byStaff' : 'delivery.detail.byDiner')}</Text>
            </SimpleGrid>
            <Stack gap="xs" align="flex-end">
              {d.status && <Badge color={STATUS_COLOR[d.status]} size="lg">{t(`delivery.status.${d.status}`)}</Badge>}
              <Button variant="light" leftSection={<IconPencil size={18} />} onClick={() => onEdit(d)}>
                {t('delivery.contact.edit')}
              </Button>
            </Stack>
          </Group>
          <Table verticalSpacing="xs" data-testid="detail-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('delivery.col.lines')}</Table.Th>
                <Table.Th>{t('delivery.col.status')}</Table.Th>
                <Table.Th>{t('delivery.detail.payment')}</Table.Th>
                <Table.Th ta="right">{t('delivery.detail.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.ordenes.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text td={l.status === '3' ? 'line-through' : undefined}>
                      {l.quantity} × {l.dish_name}
                    </Text>
                    {l.extra_commentary && (
                      <Text size="sm" c="dimmed">
                        {t('delivery.detail.comment', { text: l.extra_commentary })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[l.status]} variant="light">{t(`delivery.status.${l.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <PayState status={l.status_pay} testid={`detail-pay-${l.id}`} />
                  </Table.Td>
                  <Table.Td ta="right">{formatPrice(Number(l.price) * l.quantity, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="xl">
            <Text>
              {t('delivery.col.total')}: <strong data-testid="detail-total">{money(d.order_total)}</strong>
            </Text>
            {d.cash_amount != null && (
              <Text>
                {t('delivery.col.cash')}: <strong>{money(d.cash_amount)}</strong>
              </Text>
            )}
          </Group>
          <OnlineLink delivery={d} restaurant={restaurant} />
          <Divider />
          {/* another tablet's edit of the text shows here too (it starts the editor again) */}
          <DetailsEditor key={d.details} delivery={d} restaurant={restaurant} />
        </Stack>
      )}
    </Modal>
  );
}

/** The detail text (`up-delivery-info/`): up to 200 characters; the spec's failure text otherwise. */
function DetailsEditor({ delivery, restaurant }: { delivery: Delivery; restaurant: number }) {
  const t = useT();
  const qc = useQueryClient();
  const save = useUpdateDetails();
  const [text, setText] = useState(delivery.details);
  const [error, setError] = useState<string | null>(null);
  const showErrors = useShowServerErrors({ title: 'delivery.details.failed', autoClose: DURATION.default, serverError: { text: 'delivery.details.failed' } });
  const submit = () => {
    const checked = detailsSchema.safeParse(text);
    if (!checked.success) {
      const id = checked.error.issues[0].message;
      setError(id);
      return notify('error', t(id), { title: t('delivery.details.failed'), autoClose: DURATION.default });
    }
    setError(null);
    save.mutate(
      { restaurant, id: delivery.id, details: checked.data },
      {
        onSuccess: (answer) => {
          edited(qc, restaurant, delivery, { ...delivery, details: answer.details });
          setText(answer.details);
          succeeded(t('delivery.details.saved'))();
        },
        onError: showErrors,
      },
    );
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('delivery.details.label')}
        description={t('delivery.details.count', { count: text.length, max: LIMITS.details })}
        rows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error ? t(error) : undefined}
        data-testid="details-input"
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} disabled={text === delivery.details}>
          {t('delivery.details.save')}
        </Button>
      </Group>
    </Stack>
  );
}
