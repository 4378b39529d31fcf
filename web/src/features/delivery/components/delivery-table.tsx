import { Badge, Box, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconCash, IconListDetails, IconPencil, IconPrinter, IconX, type TablerIcon } from '@tabler/icons-react';
import { IconButton } from '@/components/icon-button';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import type { Delivery } from '../api/keys';
import { payableOf } from '../api/pay';
import { type Move, STATUS_COLOR, canReject, nextMove } from '../status';
import { deliveryNumber, when } from './format';
import { PayState } from './pay-state';

/** What a row's buttons open or do. */
export type RowActions = {
  move: (d: Delivery, status: Move) => void;
  reject: (d: Delivery) => void;
  detail: (d: Delivery) => void;
  contact: (d: Delivery) => void;
  ticket: (d: Delivery) => void;
  pay: (d: Delivery) => void;
  moving: boolean;
};

type Props = {
  rows: Delivery[];
  selected: Set<number>;
  onSelect: (ids: Set<number>) => void;
  actions: RowActions;
};

/** The delivery orders of a page: number and time, type, who and where, the dishes, total, status, actions. */
export function DeliveryTable({ rows, selected, onSelect, actions }: Props) {
  const t = useT();
  const all = rows.length > 0 && rows.every((d) => selected.has(d.id));
  const some = rows.some((d) => selected.has(d.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onSelect(next);
  };
  return (
    // upright tablets (768 px) too: below the room a row's actions need on one line, they wrap under the move
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" data-testid="delivery-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label={t('delivery.selectPage')}
                checked={all}
                indeterminate={some && !all}
                onChange={() => onSelect(all ? new Set() : new Set(rows.map((d) => d.id)))}
              />
            </Table.Th>
            <Table.Th>{t('delivery.col.number')}</Table.Th>
            <Table.Th>{t('delivery.col.contact')}</Table.Th>
            <Table.Th>{t('delivery.col.lines')}</Table.Th>
            <Table.Th>{t('delivery.col.total')}</Table.Th>
            <Table.Th>{t('delivery.col.status')}</Table.Th>
            <Table.Th>{t('delivery.col.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <DeliveryRow key={d.id} delivery={d} checked={selected.has(d.id)} onCheck={() => toggle(d.id)} actions={actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeliveryRow({ delivery: d, checked, onCheck, actions }: { delivery: Delivery; checked: boolean; onCheck: () => void; actions: RowActions }) {
  const t = useT();
  const [locale] = useLocale();
  const number = deliveryNumber(d);
  const next = nextMove(d);
  return (
    <Table.Tr data-testid={`delivery-${d.fk_delivery ?? d.id}`} data-status={d.status ?? ''}>
      <Table.Td>
        <Checkbox aria-label={t('delivery.select', { number })} checked={checked} onChange={onCheck} />
      </Table.Td>
      <Table.Td>
        <Text fw={700}>{number}</Text>
        <Text size="sm" c="dimmed">
          {when(d.creation_date, locale)}
        </Text>
        <Text size="sm">{t(`delivery.type.${d.type_delivery}`)}</Text>
      </Table.Td>
      <Table.Td maw={220}>
        <Text>{d.contact_info.name}</Text>
        {d.contact_info.phone && (
          <Text size="sm" c="dimmed">
            {d.contact_info.phone}
          </Text>
        )}
        {d.address && (
          <Text size="sm" c="dimmed" data-testid="delivery-address">
            {d.address}
          </Text>
        )}
      </Table.Td>
      <Table.Td maw={260}>
        {d.ordenes.map((l) => (
          <Text key={l.id} size="sm" td={l.status === '3' ? 'line-through' : undefined}>
            {l.quantity} x {l.dish_name}
            {l.extra_commentary && ` (${l.extra_commentary})`}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <Text>{formatPrice(d.order_total, locale)}</Text>
        {d.cash_amount != null && (
          <Text size="sm" c="dimmed">
            {t('delivery.cashWith', { amount: formatPrice(d.cash_amount, locale) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {d.status ? (
          // the label whole: Mantine's badge would cut it ('ENTREG…') when the table is tight
          <Badge color={STATUS_COLOR[d.status]} styles={{ label: { overflow: 'visible' } }} data-testid="delivery-status">
            {t(`delivery.status.${d.status}`)}
          </Badge>
        ) : (
          '—'
        )}
        {/* an online payment under way or refused holds the order's lines (spec part 2 §4 'Payment') */}
        <PayState status={held(d)} testid={`delivery-pay-${d.id}`} />
      </Table.Td>
      <Table.Td>
        {/* one line on a landscape tablet; on an upright one, the move and pay, then the rest */}
        <Group gap={6} wrap="wrap" miw={{ base: 154, md: 310 }}>
          {next ? (
            <Button size="sm" w={104} px="xs" loading={actions.moving} onClick={() => actions.move(d, next)}>
              {t(next === '2' ? 'delivery.accept' : 'delivery.deliver')}
            </Button>
          ) : (
            // the icons stay in their columns on every row
            <Box w={104} aria-hidden />
          )}
          {/* spec part 2 §4: payment is disabled for new, rejected, paid and cash orders; offered while the
              order has a dish accepted or delivered not paid in cash, the server refusing the rest */}
          <RowAction label={t('delivery.pay.of', { number })} icon={IconCash} color="green" disabled={payableOf(d).length === 0} onClick={() => actions.pay(d)} />
          <RowAction label={t('delivery.detail.open', { number })} icon={IconListDetails} onClick={() => actions.detail(d)} />
          <RowAction label={t('delivery.contact.editOf', { number })} icon={IconPencil} onClick={() => actions.contact(d)} />
          <RowAction label={t('delivery.ticket.of', { number })} icon={IconPrinter} onClick={() => actions.ticket(d)} />
          <RowAction label={t('delivery.rejectOf', { number })} icon={IconX} color="red" disabled={!canReject(d)} onClick={() => actions.reject(d)} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The order's online payment as its lines show it: refused first (it needs doing), then under way. */
const held = (d: Delivery) =>
  d.ordenes.some((l) => l.status_pay === 'rejected') ? 'rejected' : d.ordenes.some((l) => l.status_pay === 'pending') ? 'pending' : null;

type RowActionProps = { label: string; icon: TablerIcon; color?: 'green' | 'red'; disabled?: boolean; onClick: () => void };

/** One of a row's icon buttons, all of one size: the plain ones neutral, the money and rejection ones in their color. */
function RowAction({ label, icon: Icon, color, disabled, onClick }: RowActionProps) {
  return <IconButton label={label} icon={<Icon size={20} />} size="lg" color={color} variant={color ? 'light' : 'default'} disabled={disabled} onClick={onClick} />;
}
