import { useState } from 'react';
import { Alert, Badge, Container, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { TablePager } from '@/components/data-table';
import { RequireRestaurant } from '@/components/require-restaurant';
import { formatDate, formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { DELIVERY_PAGE_SIZE, useDeliveries } from '../api/get-deliveries';
import type { Delivery, DeliveryStatus } from '../api/keys';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';

/** Filterable statuses (spec part 2 §5): 0 (all) to 6 except 5, and 7 'on the way'. */
const STATUSES = ['0', '1', '2', '3', '4', '6', '7'] as const;
const STATUS_COLOR: Record<string, string> = { '1': 'blue', '2': 'orange', '3': 'red', '4': 'teal', '5': 'gray', '6': 'green', '7': 'grape' };

/** /delivery: the selected restaurant's delivery and takeaway orders, by status, 10 a page. */
export default function DeliveryPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <DeliveryScreen restaurant={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

function DeliveryScreen({ restaurant, name }: { restaurant: number; name: string }) {
  const t = useT();
  const [locale] = useLocale();
  const [status, setStatus] = useState<DeliveryStatus>('0');
  const [page, setPage] = useState(1);
  const list = useDeliveries({ restaurant, status, page });
  const rows = list.data?.results ?? [];
  const money = (amount: string | null) => (amount == null ? '—' : formatPrice(amount, locale));

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {t('delivery.title')}
            </Title>
            <Text c="dimmed">{name}</Text>
          </div>
          <NativeSelect
            size="md"
            label={t('delivery.filter')}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as DeliveryStatus);
              setPage(1);
            }}
            data={STATUSES.map((s) => ({ value: s, label: t(`delivery.status.${s}`) }))}
          />
        </Group>
        <Group gap="xs" aria-label={t('delivery.legend')} role="group">
          {STATUSES.filter((s) => s !== '0').map((s) => (
            <Badge key={s} color={STATUS_COLOR[s]} variant="light">
              {t(`delivery.status.${s}`)}
            </Badge>
          ))}
        </Group>
        {list.isPending ? (
          <Loading height={200} />
        ) : list.isError ? (
          <Alert color="red">{t('delivery.loadError')}</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="delivery-empty">
            {t('delivery.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="sm" data-testid="delivery-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('delivery.col.number')}</Table.Th>
                  <Table.Th>{t('delivery.col.date')}</Table.Th>
                  <Table.Th>{t('delivery.col.type')}</Table.Th>
                  <Table.Th>{t('delivery.col.contact')}</Table.Th>
                  <Table.Th>{t('delivery.col.address')}</Table.Th>
                  <Table.Th>{t('delivery.col.lines')}</Table.Th>
                  <Table.Th>{t('delivery.col.total')}</Table.Th>
                  <Table.Th>{t('delivery.col.cash')}</Table.Th>
                  <Table.Th>{t('delivery.col.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <DeliveryRow key={d.id} delivery={d} money={money} date={formatDate(d.creation_date, locale)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.count > DELIVERY_PAGE_SIZE && (
          <TablePager count={list.data.count} page={page} size={DELIVERY_PAGE_SIZE} onPage={setPage} />
        )}
      </Stack>
    </Container>
  );
}

function DeliveryRow({ delivery: d, money, date }: { delivery: Delivery; money: (a: string | null) => string; date: string }) {
  const t = useT();
  return (
    <Table.Tr data-testid={`delivery-${d.fk_delivery ?? d.id}`}>
      <Table.Td fw={700}>{d.fk_delivery ? `#${d.fk_delivery}` : d.id}</Table.Td>
      <Table.Td>{date}</Table.Td>
      <Table.Td>{t(`delivery.type.${d.type_delivery}`)}</Table.Td>
      <Table.Td>
        {d.contact_info.name}
        {d.contact_info.phone && (
          <Text size="sm" c="dimmed">
            {d.contact_info.phone}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{d.address || '—'}</Table.Td>
      <Table.Td>
        {d.ordenes.map((l) => (
          <Text key={l.id} size="sm">
            {l.quantity} x {l.dish_name}
            {l.extra_commentary && ` (${l.extra_commentary})`}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>{money(d.order_total)}</Table.Td>
      <Table.Td>{money(d.cash_amount)}</Table.Td>
      <Table.Td>
        {d.status ? (
          <Badge color={STATUS_COLOR[d.status] ?? 'gray'} data-testid="delivery-status">
            {t(`delivery.status.${d.status}`)}
          </Badge>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
