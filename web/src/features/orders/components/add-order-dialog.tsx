import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { notify, succeeded } from '@/lib/notify';
import { menusQuery } from '@/lib/menus';
import { useAddOrder } from '../actions';
import { dishesQuery } from '../api/get-dishes';
import type { TableDetail } from '../api/types';
import { useActionError } from './use-action-error';

type Props = { table: TableDetail; restaurant: number; menu?: number; onClose: () => void };

/** Add an order for a table: the menu's dishes, +/- quantities up to the server's limit, a comment of at most the server's length. */
export function AddOrderDialog({ table, restaurant, menu: placeMenu, onClose }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const menus = useQuery(menusQuery(restaurant));
  const [menu, setMenu] = useState<number | null>(placeMenu ?? null);
  useEffect(() => {
    if (menu === null && menus.data?.length) setMenu(menus.data[0].id);
  }, [menu, menus.data]);
  const dishes = useQuery({ ...dishesQuery(restaurant, menu ?? 0), enabled: menu !== null });
  const [qty, setQty] = useState<Record<number, number>>({});
  const [comment, setComment] = useState('');
  const add = useAddOrder(restaurant);
  const onError = useActionError();
  const { max_quantity: quantityMax, max_comment: commentMax } = table;
  const chosen = Object.entries(qty).filter(([, q]) => q > 0);
  const bump = (id: number, d: number) => setQty((q) => ({ ...q, [id]: Math.min(quantityMax, Math.max(0, (q[id] ?? 0) + d)) }));
  const send = () => {
    if (chosen.length === 0) return notify('warning', t('orders.add.none'));
    add.mutate(
      { sit: table.fk_sit, lines: chosen.map(([id, q]) => ({ fk_dish: Number(id), quantity: q, extra_commentary: comment.trim() })) },
      {
        onError,
        onSuccess: succeeded(t('orders.add.done'), onClose),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`${t('orders.addOrder')}: ${table.i_name}`} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Select
          label={t('orders.add.menu')}
          data={(menus.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
          value={menu ? String(menu) : null}
          onChange={(v) => setMenu(v ? Number(v) : null)}
          allowDeselect={false}
          // a place takes the dishes of its own menu only (ordering refuses the others)
          disabled={placeMenu !== undefined}
        />
        <Stack gap={6} data-testid="add-dishes">
          {(dishes.data ?? [])
            .filter((d) => !d.disable)
            .map((d) => (
              <Group key={d.pk} justify="space-between" wrap="nowrap">
                <Text>
                  {d.name} <Text span c="dimmed" size="sm">{formatPrice(Number(d.price), locale)}</Text>
                </Text>
                <Group gap={6} wrap="nowrap">
                  <ActionIcon size="xl" variant="light" aria-label={t('orders.less', { dish: d.name })} onClick={() => bump(d.pk, -1)}>
                    <IconMinus size={20} />
                  </ActionIcon>
                  <Text w={28} ta="center" fw={700} data-testid={`qty-${d.pk}`}>
                    {qty[d.pk] ?? 0}
                  </Text>
                  <ActionIcon size="xl" variant="light" aria-label={t('orders.more', { dish: d.name })} onClick={() => bump(d.pk, 1)}>
                    <IconPlus size={20} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
        </Stack>
        <TextInput
          label={t('orders.add.comment')}
          value={comment}
          maxLength={commentMax}
          onChange={(e) => setComment(e.currentTarget.value.slice(0, commentMax))}
          description={`${comment.length}/${commentMax}`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={add.isPending} onClick={send}>
            {t('orders.add.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
