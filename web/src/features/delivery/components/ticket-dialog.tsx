import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Checkbox, Group, Modal, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import type { Delivery } from '../api/keys';
import { deliveryNumber, when } from './format';
import classes from './ticket.module.css';

type Props = { deliveries: Delivery[]; restaurantName: string; onClose: () => void };

/**
 * Ticket print (spec part 2 §2, §9): an 85 mm ticket for each chosen order, with its contact
 * details and address (what the rider and the counter need), the dishes ticked beside it and their
 * comments. The browser prints only the tickets (ticket.module.css); printing with nothing ticked
 * is refused (spec part 2 §5).
 */
export function TicketDialog({ deliveries, restaurantName, onClose }: Props) {
  const t = useT();
  // rejected dishes are not made nor delivered: not ticked at first
  const [ticked, setTicked] = useState(() => new Set(deliveries.flatMap((d) => d.ordenes.filter((l) => l.status !== '3').map((l) => l.id))));
  const toggle = (id: number) =>
    setTicked((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const chosen = deliveries.map((d) => ({ ...d, ordenes: d.ordenes.filter((l) => ticked.has(l.id)) })).filter((d) => d.ordenes.length > 0);
  const print = () => {
    if (chosen.length === 0) return notify('error', t('delivery.ticket.nothing'), { title: t('delivery.ticket.title') });
    window.print();
  };
  return (
    <Modal opened onClose={onClose} size="xl" title={t('delivery.ticket.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm" data-testid="ticket-choices">
          <Text size="sm" c="dimmed">
            {t('delivery.ticket.help')}
          </Text>
          {deliveries.map((d) => (
            <Stack key={d.id} gap={6}>
              <Text fw={700}>{t('delivery.ticket.order', { number: deliveryNumber(d), name: d.contact_info.name })}</Text>
              {d.ordenes.map((l) => (
                <Checkbox key={l.id} checked={ticked.has(l.id)} onChange={() => toggle(l.id)} label={`${l.quantity} × ${l.dish_name}`} />
              ))}
            </Stack>
          ))}
        </Stack>
        <ScrollArea.Autosize mah={480} type="auto">
          <Stack gap="sm" align="center" data-testid="ticket-preview" aria-label={t('delivery.ticket.preview')} role="region">
            {chosen.length ? chosen.map((d) => <Ticket key={d.id} delivery={d} restaurantName={restaurantName} />) : <Text c="dimmed">{t('delivery.ticket.empty')}</Text>}
          </Stack>
        </ScrollArea.Autosize>
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={print}>
          {t('delivery.ticket.print')}
        </Button>
      </Group>
      {createPortal(
        <div className={classes.printRoot} data-testid="ticket-print">
          {chosen.map((d) => (
            <Ticket key={d.id} delivery={d} restaurantName={restaurantName} />
          ))}
        </div>,
        document.body,
      )}
    </Modal>
  );
}

/** One 85 mm ticket: the restaurant, the order's number and time, who and where, the dishes, the total. */
function Ticket({ delivery: d, restaurantName }: { delivery: Delivery; restaurantName: string }) {
  const t = useT();
  const [locale] = useLocale();
  const money = (amount: number | string) => formatPrice(amount, locale);
  const total = d.ordenes.filter((l) => l.status !== '3').reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0) / 100;
  return (
    <div className={classes.ticket}>
      <h2>{restaurantName}</h2>
      <div className={classes.row}>
        <strong>{t('delivery.ticket.number', { number: deliveryNumber(d) })}</strong>
        <span>{t(`delivery.type.${d.type_delivery}`)}</span>
      </div>
      <div>{when(d.creation_date, locale)}</div>
      <div className={classes.rule} />
      <div>{d.contact_info.name}</div>
      {d.contact_info.phone && <div>{t('delivery.ticket.phone', { phone: d.contact_info.phone })}</div>}
      {d.address && <div>{d.address}</div>}
      <div className={classes.rule} />
      {d.ordenes.map((l) => (
        <div key={l.id}>
          <div className={classes.row}>
            <span>
              {l.quantity} x {l.dish_name}
            </span>
            <span>{money(Math.round(Number(l.price) * 100) * l.quantity / 100)}</span>
          </div>
          {l.extra_commentary && <div className={classes.comment}>{l.extra_commentary}</div>}
        </div>
      ))}
      <div className={classes.rule} />
      <div className={classes.row}>
        <strong>{t('delivery.col.total')}</strong>
        <strong>{money(total)}</strong>
      </div>
      {d.cash_amount != null && (
        <div className={classes.row}>
          <span>{t('delivery.col.cash')}</span>
          <span>{money(d.cash_amount)}</span>
        </div>
      )}
      {d.details && (
        <>
          <div className={classes.rule} />
          <div>{d.details}</div>
        </>
      )}
    </div>
  );
}
