import { Table } from '@mantine/core';
import { SortableTh, TABLE_SIZES } from '@/components/data-table';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useDashboard } from '../api/get-dashboard';
import { AdminTablePage } from './admin-table-page';
import { formatDateTime, formatDay } from './format';
import { useTableState } from './use-table-state';
import es from '../locales/es.json';
import en from '../locales/en.json';

/**
 * /dashboard: paged, sortable, searchable table of restaurants: user id, username, registration
 * date, local name, last session, last order, user of last order, total orders.
 */
export default function DashboardPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Dashboard />
    </MessagesScope>
  );
}

function Dashboard() {
  const t = useT();
  const [locale] = useLocale();
  const state = useTableState({ size: 20, ordering: '-date_joined' });
  const list = useDashboard(state.params);
  const rows = list.data?.results ?? [];
  const sort = { ordering: state.ordering, onOrder: state.setOrdering };
  return (
    <AdminTablePage
      title={t('page.dashboard.title')}
      searchPlaceholder={t('admin.dashboard.search')}
      state={state}
      list={list}
      sizes={TABLE_SIZES}
      minWidth={1000}
      head={
        <Table.Tr>
          <SortableTh field="id" {...sort}>{t('admin.col.userId')}</SortableTh>
          <SortableTh field="username" {...sort}>{t('admin.col.username')}</SortableTh>
          <SortableTh field="date_joined" {...sort}>{t('admin.col.date_joined')}</SortableTh>
          <SortableTh field="nombre_local" {...sort}>{t('admin.col.nombre_local')}</SortableTh>
          <SortableTh field="last_login" {...sort}>{t('admin.col.last_login')}</SortableTh>
          <SortableTh field="last_order" {...sort}>{t('admin.col.last_order')}</SortableTh>
          <SortableTh field="last_order_user" {...sort}>{t('admin.col.last_order_user')}</SortableTh>
          <SortableTh field="num_orders" {...sort}>{t('admin.col.num_orders')}</SortableTh>
        </Table.Tr>
      }
      rows={rows.map((r) => (
        <Table.Tr key={r.id_resto} data-testid="dashboard-row">
          <Table.Td>{r.id}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{r.username}</Table.Td>
          <Table.Td>{formatDay(r.date_joined, locale)}</Table.Td>
          <Table.Td fw={600}>{r.nombre_local}</Table.Td>
          <Table.Td>{formatDateTime(r.last_login, locale)}</Table.Td>
          <Table.Td>{formatDateTime(r.last_order?.creation_date, locale)}</Table.Td>
          <Table.Td>{r.last_order?.fk_user_client || '—'}</Table.Td>
          <Table.Td>{r.num_orders}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
