import { useEffect, useState } from 'react';
import { Alert, Button, Container, Group, SimpleGrid, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TablePager } from '@/components/data-table';
import { FirstVisitHelp, HelpImageDialog } from '@/components/help-image-dialog';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { selectedRestaurantStore, useSelectedRestaurant } from '@/lib/selected-restaurant';
import { useSession } from '@/lib/session';
import { useDeleteRestaurant } from '../api/delete-restaurant';
import { useRestaurants } from '../api/get-restaurants';
import type { Restaurant } from '../api/keys';
import { RestaurantCard } from './restaurant-card';
import { RestaurantCreateForm } from './restaurant-create-form';
import { RestaurantEditDialog } from './restaurant-edit-dialog';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';
import { HelpButton } from '@/components/icon-button';

/** Restaurant list page sizes (spec part 1 §9). */
export const RESTAURANT_PAGE_SIZES = [9, 18, 36] as const;

/** /restaurante: the owner's restaurants (tabs 'restaurants' and 'new'). */
export default function RestaurantListPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <ListPage />
    </MessagesScope>
  );
}

function ListPage() {
  const t = useT();
  const session = useSession();
  const me = useCurrentUser();
  const [tab, setTab] = useState<string | null>('restaurants');
  const name = me.data?.first_name || me.data?.username || session.firstName || session.username || '';
  return (
    <Container size="lg" py="xl">
      <Title order={1} data-testid="owner-home-title">
        {t('page.restaurante.title')}
      </Title>
      <Text fz="lg" mt="xs" mb="md" data-testid="owner-name">
        {t('owner.welcome', { name })}
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="restaurants" py="md">
            {t('restaurants.tab.list')}
          </Tabs.Tab>
          <Tabs.Tab value="new" py="md" leftSection={<IconPlus size={16} />}>
            {t('restaurants.tab.new')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="restaurants" pt="md">
          <RestaurantGrid onAdd={() => setTab('new')} />
        </Tabs.Panel>
        <Tabs.Panel value="new" pt="md" maw={560}>
          <RestaurantCreateForm onCreated={() => setTab('restaurants')} onCancel={() => setTab('restaurants')} />
        </Tabs.Panel>
      </Tabs>
      <FirstVisitHelp />
    </Container>
  );
}

function RestaurantGrid({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const selected = useSelectedRestaurant();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(RESTAURANT_PAGE_SIZES[0]);
  const list = useRestaurants({ search: debounced, page, size });
  const [editing, setEditing] = useState<Restaurant | null>(null);
  const [deleting, setDeleting] = useState<Restaurant | null>(null);
  const [help, setHelp] = useState(false);
  const remove = useDeleteRestaurant();
  // the tooltip message on load: shown a few seconds over the first card
  const [hint, setHint] = useState(false);
  const loaded = !!list.data?.results.length;
  useEffect(() => {
    if (!loaded) return;
    setHint(true);
    const timer = setTimeout(() => setHint(false), 4000);
    return () => clearTimeout(timer);
  }, [loaded]);
  useEffect(() => setPage(1), [debounced, size]);

  const open = (r: Restaurant) => {
    selectedRestaurantStore.select(r);
    navigate(paths.editarRestaurante.path);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id_resto, {
      onSuccess: () => {
        notify('success', t('restaurants.deleted'));
        setDeleting(null);
      },
      // spec: a delete failure is silent; the loading stops
      onError: () => setDeleting(null),
    });
  };

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('restaurants.search')}
          leftSection={<IconSearch size={18} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maxLength={100}
        />
        <Group gap="xs" wrap="nowrap">
          <HelpButton onClick={() => setHelp(true)} />
          <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
            {t('restaurants.add')}
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Loading height={200} />
      ) : !list.data?.results.length ? (
        <Alert color="gray" data-testid="restaurants-empty">
          {t(debounced ? 'table.empty' : 'restaurants.empty')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {list.data.results.map((r, i) => (
            <RestaurantCard
              key={r.id_resto}
              restaurant={r}
              selected={selected?.id === r.id_resto}
              hint={hint && i === 0}
              onOpen={() => open(r)}
              onEdit={() => setEditing(r)}
              onDelete={() => setDeleting(r)}
            />
          ))}
        </SimpleGrid>
      )}
      {!!list.data?.count && (
        <TablePager count={list.data.count} page={page} size={size} onPage={setPage} sizes={RESTAURANT_PAGE_SIZES} onSize={setSize} />
      )}
      <RestaurantEditDialog restaurant={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('restaurants.delete.title')}
        message={t('restaurants.delete.message', { name: deleting?.nombre_local ?? '' })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <HelpImageDialog opened={help} onClose={() => setHelp(false)} title={t('help.start.title')} />
    </>
  );
}
