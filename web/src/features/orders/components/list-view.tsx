import { useState } from 'react';
import { Group, Pagination, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n/messages';
import { linesQuery } from '../api/get-lines';
import type { LineFilters } from '../api/keys';
import { FILTERS, PAGE_SIZE, PAGE_SIZES } from '../status';
import { LineCells } from './line-actions';

/** The list view: status filters, page sizes 10/20/40/all (20 first), one action per order. */
export function ListView({ restaurant }: { restaurant: number }) {
  const t = useT();
  const [status, setStatus] = useState<LineFilters['status']>('0');
  const [size, setSize] = useState<number>(PAGE_SIZE);
  const [page, setPage] = useState(1);
  const lines = useQuery(linesQuery(restaurant, { status, page, size }));
  const rows = lines.data?.results ?? [];
  const pages = size === -1 ? 1 : Math.max(1, Math.ceil((lines.data?.count ?? 0) / size));
  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('orders.col.status')}
          value={status}
          onChange={(v) => {
            setStatus(v as LineFilters['status']);
            setPage(1);
          }}
          data={FILTERS.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
        />
        <Select
          w={130}
          label={t('orders.perPage')}
          allowDeselect={false}
          value={String(size)}
          onChange={(v) => {
            setSize(Number(v));
            setPage(1);
          }}
          data={PAGE_SIZES.map((s) => ({ value: String(s), label: s === -1 ? t('orders.all') : String(s) }))}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('orders.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="sm" data-testid="order-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.col.table')}</Table.Th>
                <Table.Th>{t('orders.col.dish')}</Table.Th>
                <Table.Th>{t('orders.col.qty')}</Table.Th>
                <Table.Th>{t('orders.col.status')}</Table.Th>
                <Table.Th>{t('orders.col.payment')}</Table.Th>
                <Table.Th>{t('orders.col.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id} data-testid={`line-${l.id}`}>
                  <Table.Td>{l.sit_name}</Table.Td>
                  <LineCells line={l} restaurant={restaurant} quantity="apart" />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${t('orders.page')} ${control}` })}
          getItemProps={(p) => ({ 'aria-label': `${t('orders.page')} ${p}` })}
        />
      )}
    </>
  );
}
