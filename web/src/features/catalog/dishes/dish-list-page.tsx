import { useEffect, useState } from 'react';
import { Button, Container, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCoin, IconPlus, IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '@/components/screen-header';
import { RequireRestaurant } from '@/components/require-restaurant';
import { Pager } from '@/components/pager';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { MenuSelect, useMenuChoice } from '@/components/menu-select';
import { dishCategoryOptions, useCategories } from '../api/categories';
import { useDishes } from '../api/get-dishes';
import type { Dish } from '../api/types';
import { CatalogMessages } from '../components/catalog-messages';
import { HelpDialog } from '../components/help-dialog';
import { PAGE_SIZES } from '../schemas';
import { BulkPriceDialog } from './bulk-price-dialog';
import { DishCard } from './dish-card';
import { DishDialog } from './dish-dialog';
import { Loading } from '@/components/loading';

const HELP = ['catalog.dishes.help.menu', 'catalog.dishes.help.add', 'catalog.dishes.help.edit', 'catalog.dishes.help.disable', 'catalog.dishes.help.bulk'];

export default function DishListPage() {
  return (
    <CatalogMessages>
      <RequireRestaurant>{(r) => <DishList restaurant={r.id} />}</RequireRestaurant>
    </CatalogMessages>
  );
}

/** /lista-de-platos (spec part 1 §2 'Dish list'); `?menu={id}` preselects a menu. */
function DishList({ restaurant }: { restaurant: number }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const menuId = Number(params.get('menu')) || null;
  const [category, setCategory] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [dialog, setDialog] = useState<null | 'help' | 'bulk' | 'dish'>(null);
  const [editing, setEditing] = useState<Dish | null>(null);

  const categories = useCategories(menuId);
  const categoryOptions = dishCategoryOptions(categories.data ?? []);
  const dishes = useDishes({ restaurant, menu: menuId, category, search: debounced, page, size });

  // another menu has other categories: its list starts again from the first page
  const menu = useMenuChoice(restaurant, menuId, (id) => {
    setParams(id ? { menu: String(id) } : {}, { replace: true });
    setCategory(null);
    setPage(1);
  });
  useEffect(() => setPage(1), [debounced, size, category]);
  // the dish being edited follows the list (images, enabled state) after each change
  useEffect(() => {
    if (!editing) return;
    const fresh = dishes.data?.results.find((d) => d.pk === editing.pk);
    if (fresh && fresh !== editing) setEditing(fresh);
  }, [dishes.data, editing]);

  const needMenu = (open: () => void) => () => {
    if (!menuId) notify('warning', t('catalog.rules.selectMenu'));
    else open();
  };

  const count = dishes.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / size));
  // the last dish of the last page deleted (here or on another tablet): its page is gone, show the one before
  useEffect(() => {
    if (dishes.data && page > pages) setPage(pages);
  }, [dishes.data, page, pages]);
  return (
    <Container size="xl" py="lg">
      <ScreenHeader title={t('page.listaDePlatos.title')} onHelp={() => setDialog('help')}>
        <Button leftSection={<IconPlus size={18} />} onClick={needMenu(() => { setEditing(null); setDialog('dish'); })}>
          {t('catalog.dishes.add')}
        </Button>
        <Button variant="light" leftSection={<IconCoin size={18} />} onClick={needMenu(() => setDialog('bulk'))}>
          {t('catalog.bulk.open')}
        </Button>
      </ScreenHeader>
      <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
        <MenuSelect {...menu} clearable w={{ base: '100%', sm: 220 }} data-testid="dish-menu-select" />
        <Select
          label={t('catalog.dish.category')}
          placeholder={t('catalog.dishes.allCategories')}
          data={categoryOptions}
          value={category ? String(category) : null}
          onChange={(v) => setCategory(v ? Number(v) : null)}
          disabled={!menuId}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          label={t('common.search')}
          placeholder={t('catalog.dishes.searchPlaceholder')}
          leftSection={<IconSearch size={18} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
          type="search"
        />
      </Group>

      {dishes.isPending ? (
        <Loading height={240} />
      ) : count === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {debounced ? t('catalog.dishes.noMatch') : t('catalog.dishes.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="dish-grid">
          {dishes.data?.results.map((dish) => (
            <DishCard
              key={dish.pk}
              dish={dish}
              onOpen={(d) => {
                setEditing(d);
                setDialog('dish');
              }}
            />
          ))}
        </SimpleGrid>
      )}

      <Group justify="space-between" mt="lg" wrap="wrap">
        <Select
          aria-label={t('catalog.dishes.pageSize')}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('catalog.dishes.perPage', { n }) }))}
          value={String(size)}
          onChange={(v) => v && setSize(Number(v))}
          allowDeselect={false}
          w={180}
        />
        <Text size="sm" c="dimmed">
          {t('catalog.dishes.count', { count })}
        </Text>
        <Pager total={pages} value={page} onChange={setPage} aria-label={t('catalog.dishes.pages')} />
      </Group>

      <DishDialog
        opened={dialog === 'dish'}
        dish={editing}
        menuId={menuId}
        defaultCategory={category}
        onClose={() => {
          setDialog(null);
          setEditing(null);
        }}
      />
      <BulkPriceDialog opened={dialog === 'bulk'} menus={menu.menus} menuId={menuId} onClose={() => setDialog(null)} />
      <HelpDialog opened={dialog === 'help'} onClose={() => setDialog(null)} title={t('catalog.dishes.help.title')} items={HELP} />
    </Container>
  );
}
