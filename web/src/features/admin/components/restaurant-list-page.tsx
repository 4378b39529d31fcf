import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Avatar, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandWhatsapp, IconBuildingStore } from '@tabler/icons-react';
import { SortableTh, TABLE_SIZES } from '@/components/data-table';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useAdminRestaurants } from '../api/get-admin-restaurants';
import { AdminTablePage } from './admin-table-page';
import { FeeCell } from './fee-cell';
import { formatDateTime, formatDay } from './format';
import { useTableState } from './use-table-state';
import es from '../locales/es.json';
import en from '../locales/en.json';

/**
 * /restaurantList: every restaurant with the admin row fields (spec part 2 §3: the owner's username
 * and sign-up date, card, average stay, social links and website among them), its application fee
 * edited inline.
 */
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
  const number = new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en-US', { maximumFractionDigits: 2 });
  const minutes = (v: string) => (Number(v) > 0 ? number.format(Number(v)) : '—');
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
      minWidth={2200}
      fluid
      head={
        <Table.Tr>
          <Table.Th>{t('admin.col.logo')}</Table.Th>
          <SortableTh field="nombre_local" {...sort}>{t('admin.col.nombre_local')}</SortableTh>
          <SortableTh field="username" {...sort}>{t('admin.col.username')}</SortableTh>
          <Table.Th>{t('admin.col.owner')}</Table.Th>
          <SortableTh field="date_joined" {...sort}>{t('admin.col.date_joined')}</SortableTh>
          <Table.Th>{t('admin.col.telefono')}</Table.Th>
          <Table.Th>{t('admin.col.direccion')}</Table.Th>
          <Table.Th>{t('admin.col.nro_tarjeta')}</Table.Th>
          <Table.Th>{t('admin.col.mp_active')}</Table.Th>
          <Table.Th>{t('admin.col.flags')}</Table.Th>
          <Table.Th>{t('admin.col.wait_time')}</Table.Th>
          <Table.Th>{t('admin.col.avg_permanence')}</Table.Th>
          <Table.Th>{t('admin.col.social')}</Table.Th>
          <Table.Th>{t('admin.col.website')}</Table.Th>
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
          <Table.Td style={{ wordBreak: 'break-all' }} data-testid="owner-username">
            {r.fk_user?.username || '—'}
          </Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>
            <Text fz="sm">{[r.fk_user?.first_name, r.fk_user?.last_name].filter(Boolean).join(' ')}</Text>
            <Text fz="sm" c="dimmed">
              {r.fk_user?.email}
            </Text>
          </Table.Td>
          <Table.Td data-testid="date-joined">{formatDay(r.fk_user?.date_joined, locale)}</Table.Td>
          <Table.Td>{r.telefono}</Table.Td>
          <Table.Td>{r.direccion || '—'}</Table.Td>
          {/* identity keeps only a card's last four digits */}
          <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="card-number">
            {r.nro_tarjeta ? `•••• ${r.nro_tarjeta}` : '—'}
          </Table.Td>
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
          <Table.Td data-testid="avg-permanence">{minutes(r.avg_permanence)}</Table.Td>
          <Table.Td data-testid="social-links">
            <Group gap={4} wrap="nowrap">
              {!r.facebook && !r.instagram && !r.whatsapp && '—'}
              {r.facebook && <SocialLink href={r.facebook} label={t('admin.social.facebook', { name: r.nombre_local })} icon={<IconBrandFacebook size={20} />} />}
              {r.instagram && <SocialLink href={r.instagram} label={t('admin.social.instagram', { name: r.nombre_local })} icon={<IconBrandInstagram size={20} />} />}
              {r.whatsapp && <SocialLink href={r.whatsapp} label={t('admin.social.whatsapp', { name: r.nombre_local })} icon={<IconBrandWhatsapp size={20} />} />}
            </Group>
          </Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }} data-testid="website">
            {r.website ? (
              <Anchor href={r.website} target="_blank" rel="noopener noreferrer" fz="sm">
                {r.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            ) : (
              '—'
            )}
          </Table.Td>
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
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <FeeCell restaurant={r.id_resto} name={r.nombre_local} fee={r.application_fee} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

/** A restaurant's social profile, opened in a new tab; its icon's name says whose and which. */
function SocialLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component="a" href={href} target="_blank" rel="noopener noreferrer" variant="subtle" size={40} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
