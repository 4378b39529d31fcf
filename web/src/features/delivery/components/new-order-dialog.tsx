import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Modal, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from '@/components/loading';
import { errorCode, flattenErrors, notifyProblems } from '@/lib/api-errors';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import type { Menu } from '@/lib/menus';
import { succeeded } from '@/lib/notify';
import { useCreateDelivery } from '../api/create-delivery';
import { deliveryCategoriesQuery, deliveryDishesQuery } from '../api/get-delivery-menu';
import type { DeliveryCreate, MenuDish } from '../api/keys';
import { refresh } from '../live';
import { type ContactOutput, type ContactValues, LIMITS, contactBody, contactSchema, dishProblems } from '../schemas';
import { ContactFields, useContactProblems } from './contact-fields';
import { useSaveErrors } from './save-errors';

type Props = { restaurant: number; menu: Menu; onClose: () => void };
type Picked = Map<number, { quantity: number; comment: string }>;

const EMPTY: ContactValues = { type_delivery: '1', name: '', phone: '', address: '' };
/** The number the diner is told (spec part 2 §3: random, six digits), as a WhatsApp order has. */
const newNumber = () => String(100000 + Math.floor(Math.random() * 900000));

/**
 * A phone order in two steps (spec part 2 §2, §5): first the contact and the type (delivery or
 * take away), then the delivery menu's dishes with quantities and comments. A dish brought down
 * to 0 leaves the order; at least one dish is needed. The same order sent again (a lost answer)
 * carries the same Idempotency-Key, so it is recorded once.
 */
export function NewOrderDialog({ restaurant, menu, onClose }: Props) {
  const t = useT();
  const qc = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [number] = useState(newNumber);
  const [picked, setPicked] = useState<Picked>(new Map());
  const contact = useForm<ContactValues, unknown, ContactOutput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const contactProblems = useContactProblems();
  const create = useCreateDelivery();
  const showErrors = useSaveErrors();
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const next = contact.handleSubmit(() => setStep(2), contactProblems);
  const send = () => {
    const lines = [...picked].map(([dish, p]) => ({ dish, ...p }));
    const problems = dishProblems(lines);
    if (problems.length) return notifyProblems(t, problems, t('delivery.new.invalid'));
    const who = contactSchema.parse(contact.getValues());
    const body: DeliveryCreate = {
      fk_resto: restaurant,
      fk_menu: menu.id,
      status: '1',
      fk_delivery: number,
      ...contactBody(who),
      ordenes: lines.map((l) => ({ fk_dish: l.dish, quantity: l.quantity, extra_commentary: l.comment.trim(), status: '1', name: '' })),
    };
    // one key per order: the same order again reuses it, a changed one gets a new one
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    create.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (d) => {
          void refresh(qc, restaurant, { kind: 'new', delivery: d.id, lines: d.ordenes.map((l) => ({ id: l.id, status: l.status, version: l.version })) });
          succeeded(t('delivery.new.created', { number: `#${d.fk_delivery ?? number}` }), onClose)();
        },
        onError: (error) => {
          showErrors(error);
          // a contact detail refused: back to the step that has it
          const fields = error instanceof ApiError && !errorCode(error) ? flattenErrors(error.body).map((e) => e.field.split('.')[0]) : [];
          if (fields.some((f) => f === 'contact_info' || f === 'address' || f === 'type_delivery')) setStep(1);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={t('delivery.new.title', { number: `#${number}` })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text size="sm" c="dimmed" mb="sm" data-testid="new-order-step">
        {t('delivery.new.step', { step, steps: 2, name: t(step === 1 ? 'delivery.new.stepContact' : 'delivery.new.stepDishes') })}
      </Text>
      {step === 1 ? (
        <form onSubmit={next} noValidate aria-label={t('delivery.new.stepContact')}>
          <ContactFields form={contact} />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">
              {t('delivery.new.next')}
            </Button>
          </Group>
        </form>
      ) : (
        <Stack gap="sm">
          <DishPicker restaurant={restaurant} picked={picked} onChange={setPicked} />
          <Group justify="space-between" mt="xs">
            <Button variant="default" onClick={() => setStep(1)}>
              {t('common.back')}
            </Button>
            <Button loading={create.isPending} onClick={send}>
              {t('delivery.new.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The delivery menu's dishes by category: − and + set the quantity (0 takes the dish out), a comment for each dish taken. */
function DishPicker({ restaurant, picked, onChange }: { restaurant: number; picked: Picked; onChange: (p: Picked) => void }) {
  const t = useT();
  const [locale] = useLocale();
  const dishes = useQuery(deliveryDishesQuery(restaurant));
  const categories = useQuery(deliveryCategoriesQuery(restaurant));
  const [search, setSearch] = useState('');
  const groups = useMemo(() => groupDishes(dishes.data ?? [], categories.data ?? [], search), [dishes.data, categories.data, search]);
  const set = (dish: number, change: { quantity?: number; comment?: string }) => {
    const next = new Map(picked);
    const now = { quantity: 0, comment: '', ...picked.get(dish), ...change };
    if (now.quantity <= 0) next.delete(dish);
    else next.set(dish, now);
    onChange(next);
  };
  const totalCents = [...picked].reduce((sum, [id, p]) => sum + Math.round(Number(dishes.data?.find((d) => d.pk === id)?.price ?? 0) * 100) * p.quantity, 0);
  if (dishes.isPending) return <Loading height={200} />;
  if (!dishes.data?.length) return <Text c="dimmed">{t('delivery.new.noDishes')}</Text>;
  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t('delivery.new.search')}
        placeholder={t('delivery.new.search')}
        leftSection={<IconSearch size={18} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={380} type="auto">
        <Stack gap="md" data-testid="new-order-dishes" pr="sm">
          {groups.map((g) => (
            <Stack key={g.name} gap={6}>
              <Title order={3} size="h5">
                {g.name}
              </Title>
              {g.dishes.map((d) => {
                const p = picked.get(d.pk);
                return (
                  <Stack key={d.pk} gap={4} data-testid={`dish-${d.pk}`}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text>
                        {d.name}{' '}
                        <Text span c="dimmed" size="sm">
                          {formatPrice(d.price, locale)}
                        </Text>
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <ActionIcon size="xl" variant="light" aria-label={t('delivery.new.less', { dish: d.name })} disabled={!p} onClick={() => set(d.pk, { quantity: (p?.quantity ?? 0) - 1 })}>
                          <IconMinus size={20} />
                        </ActionIcon>
                        <Text w={32} ta="center" fw={700} data-testid={`qty-${d.pk}`}>
                          {p?.quantity ?? 0}
                        </Text>
                        <ActionIcon size="xl" variant="light" aria-label={t('delivery.new.more', { dish: d.name })} onClick={() => set(d.pk, { quantity: (p?.quantity ?? 0) + 1 })}>
                          <IconPlus size={20} />
                        </ActionIcon>
                      </Group>
                    </Group>
                    {p && (
                      <TextInput
                        size="sm"
                        label={t('delivery.new.commentFor', { dish: d.name })}
                        value={p.comment}
                        maxLength={LIMITS.comment}
                        description={`${p.comment.length}/${LIMITS.comment}`}
                        onChange={(e) => set(d.pk, { comment: e.currentTarget.value })}
                      />
                    )}
                  </Stack>
                );
              })}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Text ta="right" fw={700} data-testid="new-order-total">
        {t('delivery.new.total', { count: [...picked.values()].reduce((n, p) => n + p.quantity, 0), total: formatPrice(totalCents / 100, locale) })}
      </Text>
    </Stack>
  );
}

type DishGroup = { name: string; dishes: MenuDish[] };

/** Dishes under their categories, in the menu's order; a search keeps the dishes whose name has it. */
function groupDishes(dishes: MenuDish[], categories: { id: number; name: string; order: number }[], search: string): DishGroup[] {
  const wanted = search.trim().toLocaleLowerCase();
  const order = new Map([...categories].sort((a, b) => a.order - b.order || a.id - b.id).map((c, i) => [c.id, i]));
  const groups = new Map<number, DishGroup>();
  for (const d of dishes) {
    if (wanted && !d.name.toLocaleLowerCase().includes(wanted)) continue;
    const id = d.group_dish?.id ?? d.menu_group;
    const name = categories.find((c) => c.id === id)?.name ?? d.group_dish?.name ?? '';
    if (!groups.has(id)) groups.set(id, { name, dishes: [] });
    groups.get(id)!.dishes.push(d);
  }
  return [...groups].sort(([a], [b]) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)).map(([, g]) => ({ ...g, dishes: g.dishes.sort((a, b) => a.order - b.order || a.pk - b.pk) }));
}
