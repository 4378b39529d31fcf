import { useState } from 'react';
import { Button, Table } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { SortableTh, TABLE_SIZES } from '@/components/data-table';
import { DateRangePicker, defaultDateRange, type DateRange } from '@/components/date-range-picker';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useRestaurantFees } from '../api/get-restaurant-fees';
import type { FeeRow } from '../api/keys';
import { AdminTablePage } from './admin-table-page';
import { CollectDialog } from './collect-dialog';
import { formatFee } from './fee-cell';
import { useTableState } from './use-table-state';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /pagos-en-efectivo: per restaurant, the period's sales and commission and what it owes; collect a commission. */
export default function FeeTablePage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <FeeTable />
    </MessagesScope>
  );
}

/** The sortable columns, in the spec's order (part 2 §3 'Restaurant fee row'). */
const COLUMNS = ['id_resto', 'nombre_local', 'username', 'total_orders', 'application_fee', 'importe_total', 'importe_resto', 'saldo_pagado', 'cta_cte_resto'] as const;
const MONEY = new Set<string>(['importe_total', 'importe_resto', 'saldo_pagado', 'cta_cte_resto']);
const TEXT = new Set<string>(['nombre_local', 'username']);

function FeeTable() {
  const t = useT();
  const [locale] = useLocale();
  const state = useTableState({ size: 20 });
  const [range, setRange] = useState<DateRange>(defaultDateRange);
  // another period starts from the first page
  const changeRange = (next: DateRange) => {
    setRange(next);
    state.setPage(1);
  };
  const list = useRestaurantFees({ ...state.params, start: range.start, end: range.end });
  const [collecting, setCollecting] = useState<FeeRow | null>(null);
  const sort = { ordering: state.ordering, onOrder: state.setOrdering };
  const cell = (r: FeeRow, c: (typeof COLUMNS)[number]) => {
    if (c === 'username') return r.fk_user.username; // ordered by as `username`, nested as the spec's fk_user.username
    if (MONEY.has(c)) return formatPrice(r[c], locale);
    if (c === 'application_fee') return formatFee(r.application_fee, locale);
    return r[c];
  };
  return (
    <>
      <AdminTablePage
        title={t('page.pagosEnEfectivo.title')}
        searchPlaceholder={t('admin.fees.search')}
        state={state}
        list={list}
        sizes={TABLE_SIZES}
        minWidth={1200}
        filters={<DateRangePicker value={range} onChange={changeRange} />}
        head={
          <Table.Tr>
            {COLUMNS.map((c) => (
              <SortableTh key={c} field={c} {...sort}>
                {t(`admin.fees.col.${c}`)}
              </SortableTh>
            ))}
            <Table.Th>{t('admin.fees.col.actions')}</Table.Th>
          </Table.Tr>
        }
        rows={(list.data?.results ?? []).map((r) => (
          <Table.Tr key={r.id_resto} data-testid="fee-row">
            {COLUMNS.map((c) => (
              <Table.Td
                key={c}
                ta={MONEY.has(c) || c === 'total_orders' ? 'right' : undefined}
                fw={c === 'nombre_local' ? 600 : undefined}
                // a 40-letter name or a long e-mail wraps instead of pushing the table past the screen
                style={TEXT.has(c) ? { overflowWrap: 'anywhere' } : undefined}
                data-col={c}
              >
                {cell(r, c)}
              </Table.Td>
            ))}
            <Table.Td>
              <Button
                size="sm"
                variant="light"
                leftSection={<IconCash size={18} />}
                disabled={Number(r.cta_cte_resto) <= 0}
                onClick={() => setCollecting(r)}
                aria-label={t('admin.collect.aria', { name: r.nombre_local })}
              >
                {t('admin.collect.submit')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <CollectDialog row={collecting} onClose={() => setCollecting(null)} />
    </>
  );
}
