import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Affix, Button, Center, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localeStore, useLocale } from '@/lib/i18n/locale';
import { KEYS, write } from '@/lib/storage';
import { useT } from '@/lib/i18n/messages';
import QueryProvider, { queryClient } from '@/lib/query';
import { readMenuLink } from '../api/first-request';
import { placeQuery, usePlace } from '../api/get-place';
import { publicMenuQuery, usePublicMenu } from '../api/get-public-menu';
import { dinerKeys } from '../api/keys';
import { refresh } from '../api/query';
import type { PublicCategory, PublicDish, PublicMenu } from '../api/types';
import { type CartLine, addToCart, cartCount, cartTotalCents, keepAvailable, setQuantity } from '../cart';
import { type TableMessage, useTableSocket } from '../table-socket';
import { Categories } from './category-list';
import { DinerMessages, loadDinerCatalog } from './diner-messages';
import { TableTab, WaiterButtons } from './table-tab';
import { Notice } from './notice';
import { useMoney } from './use-money';

const loadDialogs = () => import('./dialogs');
const DishDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DishDialog })));
const ReviewDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ReviewDialog })));
const CheckoutDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CheckoutDialog })));

/**
 * Before a cold first render (app/router.tsx, app/diner-app.tsx): the texts in the active language, and the place
 * and menu the link names (already on their way: api/first-request.ts), so the first frame is
 * the menu rather than a loader.
 */
export function prepare() {
  const link = readMenuLink(window.location.search);
  const data = async () => {
    if (link && 'token' in link) {
      const place = placeQuery(link.token);
      await queryClient.prefetchQuery(place);
      const menuId = queryClient.getQueryData(place.queryKey)?.fk_menu;
      if (menuId != null) await queryClient.prefetchQuery(publicMenuQuery(menuId));
    } else if (link) await queryClient.prefetchQuery(publicMenuQuery(link.menuId));
  };
  return Promise.all([loadDinerCatalog(localeStore.get()), data()]);
}

/**
 * /menus: the public diner menu, phone first. `?p=<token>` is a place's QR (order onto the board,
 * the table's shared tab, live statuses, waiter and bill); `?menu=<id>` is the menu link (the
 * cart goes out as a WhatsApp message, delivery or take away).
 */
export default function DinerMenuPage() {
  const [params] = useSearchParams();
  const link = readMenuLink(params.toString());
  // the one QueryClient, mounted here rather than by the router's lazy WithQuery: the page renders
  // in the first frame, with what prepare() read
  return (
    <QueryProvider>
      <DinerMessages>
        <Container size="sm" px="sm" py="md" pb={120}>
          {link && 'token' in link ? <TableMenu token={link.token} /> : <MenuView menuId={link?.menuId ?? null} table={null} />}
        </Container>
      </DinerMessages>
    </QueryProvider>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm" ta="center">
        {children}
      </Stack>
    </Center>
  );
}

function NotFound({ text }: { text?: string }) {
  const t = useT();
  return (
    <Centered>
      <Title order={1} size="h2" data-testid="menu-not-found">
        {t('diner.menu.notFound')}
      </Title>
      <Text c="dimmed">{text ?? t('diner.menu.notFoundHelp')}</Text>
    </Centered>
  );
}

/** A place's QR: the place tells which menu; a revoked or unknown token says to scan again. */
function TableMenu({ token }: { token: string }) {
  const t = useT();
  const place = usePlace(token);
  const found = !!place.data;
  useEffect(() => {
    // the payment result pages lead back here (the marketplace's addresses never carry the token)
    if (found) write(KEYS.dinerTable, `${paths.menus.path}?p=${encodeURIComponent(token)}`);
  }, [found, token]);
  if (place.isPending) return <Loading />;
  if (!place.data) {
    const err = place.error;
    const gone = err instanceof ApiError && (err.status === 410 || err.code === 'place_token_revoked');
    if (err instanceof ApiError && err.status < 500) return <NotFound text={t(gone ? 'diner.place.revoked' : 'diner.place.unknown')} />;
    return <LoadError onRetry={() => place.refetch()} />;
  }
  return <MenuView menuId={place.data.fk_menu} table={{ token, name: place.data.i_name }} />;
}

function Loading() {
  const t = useT();
  return (
    <Centered>
      <Loader aria-label={t('diner.menu.loading')} />
    </Centered>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Centered>
      <Text>{t('diner.menu.loadError')}</Text>
      <Button onClick={onRetry}>{t('diner.menu.retry')}</Button>
    </Centered>
  );
}

function dishIds(categories: PublicCategory[], into = new Set<number>()): Set<number> {
  for (const c of categories) {
    for (const d of c.dishes) into.add(d.pk);
    dishIds(c.sub_categories, into);
  }
  return into;
}

type Table = { token: string; name: string };

function MenuView({ menuId, table }: { menuId: number | null; table: Table | null }) {
  const menu = usePublicMenu(menuId);
  if (menuId == null) return <NotFound />;
  if (menu.isPending) return <Loading />;
  // a failed read again keeps the menu shown; only a first one that failed is an error
  if (menu.data === undefined) return <LoadError onRetry={() => menu.refetch()} />;
  if (!menu.data) return <NotFound />;
  return <LoadedMenu menu={menu.data} table={table} />;
}

const cartKey = (menuId: number, table: Table | null) => `diner-cart:${table ? `p:${table.token}` : `m:${menuId}`}`;

function LoadedMenu({ menu, table }: { menu: PublicMenu; table: Table | null }) {
  const t = useT();
  const money = useMoney();
  const [locale] = useLocale();
  const storeKey = cartKey(menu.menu.id, table);
  const [lines, setLines] = useState<CartLine[]>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(storeKey) ?? '[]') as CartLine[];
    } catch {
      return [];
    }
  });
  const [dish, setDish] = useState<PublicDish | null>(null);
  const [step, setStep] = useState<'menu' | 'review' | 'checkout'>('menu');
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const [waiterComing, setWaiterComing] = useState(false);
  // mounted from the first need on, so the dialogs keep their open/close transitions
  const [wantsDialogs, setWantsDialogs] = useState(false);
  if (!wantsDialogs && (dish != null || step !== 'menu')) setWantsDialogs(true);

  // a table orders through ordering (refused there when stopped or closed); the menu link needs
  // the WhatsApp link and take-away (order_enabled, spec part 2 'Diner order flow')
  const canOrder = table ? !menu.restaurant.stop_orders : menu.restaurant.order_enabled;

  useEffect(() => {
    try {
      sessionStorage.setItem(storeKey, JSON.stringify(lines));
    } catch {
      /* private mode: the cart lives as long as the page */
    }
  }, [storeKey, lines]);

  // a dish disabled or deleted meanwhile leaves the menu (menu_changed) and the cart
  const available = useMemo(() => dishIds(menu.data), [menu.data]);
  useEffect(() => {
    setLines((current) => {
      const kept = keepAvailable(current, available);
      if (kept.length !== current.length) setNotice({ color: 'orange', text: t('diner.cart.dropped') });
      return kept.length === current.length ? current : kept;
    });
    // t changes with the language only; the check is about the menu
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available]);

  const onMessage = useCallback(
    (m: TableMessage) => {
      if (!table) return;
      // the message names what it changed: the menu, or the table's tab
      if (m.changed.resource === 'menu') void refresh(dinerKeys.menu(menu.menu.id));
      if (m.changed.resource === 'tab') void refresh(dinerKeys.tab(table.token));
      if (m.type === 'waiter_call_cleared') setWaiterComing(true);
      if (m.type === 'waiter_call' || m.type === 'bill_request') setWaiterComing(false);
      if (m.type === 'table_freed') setNotice({ color: 'teal', text: t('diner.table.freed') });
    },
    [table, menu.menu.id, t],
  );
  const onReady = useCallback(() => {
    // connected (again): what happened while away is in the tab
    if (table) void refresh(dinerKeys.tab(table.token));
  }, [table]);
  const live = useTableSocket(table?.token ?? null, locale, { onMessage, onReady });

  const count = cartCount(lines);
  const { restaurant } = menu;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        {restaurant.logo && <Image src={restaurant.logo} alt="" w={56} h={56} radius="md" style={{ flex: 'none' }} />}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {restaurant.nombre_local || menu.menu.name}
          </Title>
          <Text c="dimmed" size="sm">
            {menu.menu.name}
            {table && ` · ${t('diner.menu.table', { name: table.name })}`}
          </Text>
          {restaurant.horario_apertura && restaurant.horario_cierre && (
            <Text c="dimmed" size="sm">
              {t('diner.menu.hours', { opens: restaurant.horario_apertura, closes: restaurant.horario_cierre })}
            </Text>
          )}
        </Stack>
      </Group>

      {!canOrder && (
        <Notice color="yellow" role="status" data-testid="view-only">
          {t('diner.menu.viewOnly')}
        </Notice>
      )}
      {notice && (
        <Notice color={notice.color} role="status" closeLabel={t('common.close')} onClose={() => setNotice(null)} data-testid="diner-notice">
          {notice.text}
        </Notice>
      )}

      {table && <WaiterButtons token={table.token} />}

      <Categories categories={menu.data} onOpen={setDish} onIntent={() => void loadDialogs()} />

      {table && <TableTab token={table.token} live={live} waiterComing={waiterComing} />}

      {wantsDialogs && (
        <Suspense fallback={null}>
          <DishDialog
            dish={dish}
            canOrder={canOrder}
            onClose={() => setDish(null)}
            onAdd={(quantity, comment) => {
              if (dish) {
                setLines((l) => addToCart(l, dish, quantity, comment));
                setNotice({ color: 'teal', text: t('diner.dish.added', { name: dish.name }) });
              }
              setDish(null);
            }}
          />
          <ReviewDialog
            opened={step === 'review'}
            lines={lines}
            onQuantity={(key, q) => setLines((l) => setQuantity(l, key, q))}
            onClose={() => setStep('menu')}
            onContinue={() => setStep('checkout')}
            table={
              table && {
                token: table.token,
                onSent: () => {
                  setLines([]);
                  setStep('menu');
                  setNotice({ color: 'teal', text: t('diner.table.sent') });
                },
              }
            }
          />
          {!table && (
            <CheckoutDialog
              opened={step === 'checkout'}
              menu={menu}
              lines={lines}
              onClose={() => setStep('review')}
              onSent={() => {
                setLines([]);
                setStep('menu');
              }}
            />
          )}
        </Suspense>
      )}

      {canOrder && count > 0 && step === 'menu' && (
        <Affix position={{ bottom: 12, left: 12, right: 12 }}>
          <Button size="lg" fullWidth radius="xl" leftSection={<IconShoppingBag size={22} />} onClick={() => setStep('review')} data-testid="open-cart">
            {t('diner.cart.open', { count, total: money(cartTotalCents(lines)) })}
          </Button>
        </Affix>
      )}
    </Stack>
  );
}
