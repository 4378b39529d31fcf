import { Avatar, Badge, Table, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { SortableTh, TABLE_SIZES } from '@/components/data-table';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useAdminRestaurants } from '../api/get-admin-restaurants';
import { AdminTablePage } from './admin-table-page';
import { FeeCell } from './fee-cell';
import { formatDateTime } from './format';
import { useTableState } from './use-table-state';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /restaurantList: every restaurant with the admin row fields (spec part 2 §3), its application fee edited inline. */
export default function AdminRestaurantListPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RestaurantList />
    </MessagesScope>
  );
}

function RestaurantList() {
  const t = useT();
  const [locale] = useLocale();
  const state = useTableState({ size: 20 });
  const list = useAdminRestaurants(state.params);
  const rows = list.data?.results ?? [];
  const sort = { ordering: state.ordering, onOrder: state.setOrdering };
  const yesNo = (v: boolean) => (
    <Badge color={v ? 'teal' : 'gray'} variant="light">
      {t(v ? 'common.yes' : 'common.no')}
    </Badge>
  );
  return (
    <AdminTablePage
      title={t('page.restaurantList.title')}
      searchPlaceholder={t('admin.restaurants.search')}
      state={state}
      list={list}
      sizes={TABLE_SIZES}
      minWidth={1400}
      head={
        <Table.Tr>
          <Table.Th>{t('admin.col.logo')}</Table.Th>
          <SortableTh field="nombre_local" {...sort}>{t('admin.col.nombre_local')}</SortableTh>
          <SortableTh field="username" {...sort}>{t('admin.col.owner')}</SortableTh>
          <Table.Th>{t('admin.col.telefono')}</Table.Th>
          <Table.Th>{t('admin.col.direccion')}</Table.Th>
          <Table.Th>{t('admin.col.mp_active')}</Table.Th>
          <Table.Th>{t('admin.col.flags')}</Table.Th>
          <Table.Th>{t('admin.col.wait_time')}</Table.Th>
          <SortableTh field="num_orders" {...sort}>{t('admin.col.num_orders')}</SortableTh>
          <SortableTh field="last_order" {...sort}>{t('admin.col.last_order')}</SortableTh>
          <SortableTh field="last_login" {...sort}>{t('admin.col.last_login')}</SortableTh>
          <Table.Th>{t('admin.col.application_fee')}</Table.Th>
        </Table.Tr>
      }
      rows={rows.map((r) => (
        <Table.Tr key={r.id_resto} data-testid="admin-restaurant-row">
          <Table.Td>
            <Avatar src={r.logo || null} radius="sm" alt="">
              <IconBuildingStore size={20} />
            </Avatar>
          </Table.Td>
          <Table.Td fw={600}>{r.nombre_local}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>
            <Text fz="sm">{[r.fk_user?.first_name, r.fk_user?.last_name].filter(Boolean).join(' ')}</Text>
            <Text fz="sm" c="dimmed">
              {r.fk_user?.email}
            </Text>
          </Table.Td>
          <Table.Td>{r.telefono}</Table.Td>
          <Table.Td>{r.direccion || '—'}</Table.Td>
          <Table.Td>{yesNo(r.mp_active)}</Table.Td>
          <Table.Td>
            <Text fz="xs">
              {(['reservas', 'takeaway', 'tips', 'has_waiter', 'stop_orders', 'receive_noti', 'mute_sound'] as const)
                .filter((f) => r[f])
                .map((f) => t(`admin.flag.${f}`))
                .join(', ') || '—'}
            </Text>
          </Table.Td>
          <Table.Td>{r.wait_time}</Table.Td>
          <Table.Td>{r.num_orders}</Table.Td>
          <Table.Td>
            {r.last_order ? (
              <>
                <Text fz="sm">{formatDateTime(r.last_order.creation_date, locale)}</Text>
                <Text fz="xs" c="dimmed">
                  {[r.last_order.fk_dish, r.last_order.fk_user_client].filter(Boolean).join(' · ')}
                </Text>
              </>
            ) : (
              '—'
            )}
          </Table.Td>
          <Table.Td>{formatDateTime(r.fk_user?.last_login, locale)}</Table.Td>
          <Table.Td>
            <FeeCell restaurant={r.id_resto} name={r.nombre_local} fee={r.application_fee} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}
