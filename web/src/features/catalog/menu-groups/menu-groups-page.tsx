import { useMemo, useState } from 'react';
import { Button, Container, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '@/components/screen-header';
import { RequireRestaurant } from '@/components/require-restaurant';
import { MessagesScope } from '@/lib/i18n/messages';
import { useT } from '@/lib/i18n/messages';
import { notify, succeeded } from '@/lib/notify';
import { MenuSelect, useMenuChoice } from '@/components/menu-select';
import { useCategories } from '../api/categories';
import { catalogKeys } from '../api/keys';
import type { Category } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { notifyServerErrors } from '../components/show-errors';
import catalogEs from '../locales/es.json';
import catalogEn from '../locales/en.json';
import { useRenameCategory, useReorderCategories } from './api/change-category';
import { useCreateCategory } from './api/create-category';
import { useDeleteCategory } from './api/delete-category';
import { CategoryNameDialog } from './components/category-name-dialog';
import { childrenByParent, nextOrder, reorderMoves } from './components/category-order';
import { SortableCategories } from './components/sortable-categories';
import es from './locales/es.json';
import en from './locales/en.json';
import { Loading } from '@/components/loading';

const catalogs = { es: { ...catalogEs, ...es }, en: { ...catalogEn, ...en } };

export default function MenuGroupsPage() {
  return (
    <MessagesScope catalogs={catalogs}>
      <RequireRestaurant>{(r) => <MenuGroups restaurant={r.id} />}</RequireRestaurant>
    </MessagesScope>
  );
}

/** A deleted category with a dish in an open order stays, with that reason (by code). */
const DELETE_CODES = { dish_active_in_order: { text: 'menuGroups.errors.activeInOrder' } };

type Dialog = null | { kind: 'create'; parent: Category | null } | { kind: 'rename'; category: Category } | { kind: 'delete'; category: Category };

/** /menu-group: the categories of the selected menu (spec part 1 §3 'Category'): list, create, rename, reorder, delete. */
function MenuGroups({ restaurant }: { restaurant: number }) {
  const t = useT();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const menuId = Number(params.get('menu')) || null;
  const menu = useMenuChoice(restaurant, menuId, (id) => setParams(id ? { menu: String(id) } : {}, { replace: true }));
  const categories = useCategories(menuId);
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const byParent = useMemo(() => childrenByParent(list), [list]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useCreateCategory();
  const rename = useRenameCategory(restaurant);
  const reorder = useReorderCategories(restaurant);
  const remove = useDeleteCategory(restaurant);

  const close = () => setDialog(null);
  const openCreate = (parent: Category | null) => {
    if (!menuId) notify('warning', t('catalog.rules.selectMenu'));
    else setDialog({ kind: 'create', parent });
  };
  const onName = (name: string) => {
    if (!dialog || !menuId) return;
    if (dialog.kind === 'create') {
      const parent = dialog.parent?.id ?? null;
      create.mutate(
        { menu: menuId, name, sub_category: parent, order: nextOrder(list, parent) },
        {
          onSuccess: succeeded(t('menuGroups.created'), close),
          onError: (e) => notifyServerErrors(t, e, { title: 'menuGroups.errors.create', firstPerField: true }),
        },
      );
    } else if (dialog.kind === 'rename') {
      rename.mutate(
        { id: dialog.category.id, name },
        {
          onSuccess: succeeded(t('menuGroups.renamed'), close),
          onError: (e) => notifyServerErrors(t, e, { title: 'menuGroups.errors.update', firstPerField: true }),
        },
      );
    }
  };
  const onReorder = (siblings: Category[], fromId: number, toId: number) => {
    if (!menuId) return;
    const moves = reorderMoves(siblings, fromId, toId);
    if (!moves.length) return;
    // the list shows the drop at once; the refetch after the calls says what the server kept
    const orders = new Map(moves.map((m) => [m.id, m.order]));
    qc.setQueryData<Category[]>(catalogKeys.categories(menuId), (old) => old?.map((c) => (orders.has(c.id) ? { ...c, order: orders.get(c.id)! } : c)));
    reorder.mutate(moves, {
      onSuccess: succeeded(t('menuGroups.reordered')),
      onError: (e) => notifyServerErrors(t, e, { title: 'menuGroups.errors.reorder' }),
    });
  };
  const onDelete = () => {
    if (dialog?.kind !== 'delete') return;
    remove.mutate(dialog.category.id, {
      onSuccess: succeeded(t('menuGroups.deleted'), close),
      onError: (e) => { close(); notifyServerErrors(t, e, { title: 'menuGroups.errors.delete', codes: DELETE_CODES }); },
    });
  };

  const nameDialog = dialog?.kind === 'create' || dialog?.kind === 'rename' ? dialog : null;
  return (
    <Container size="md" py="lg">
      <ScreenHeader title={t('page.menuGroup.title')}>
        <Button leftSection={<IconPlus size={18} />} onClick={() => openCreate(null)}>
          {t('menuGroups.add')}
        </Button>
      </ScreenHeader>
      <MenuSelect {...menu} w={{ base: '100%', sm: 280 }} mb="md" />
      {!menuId ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('menuGroups.chooseMenu')}
        </Text>
      ) : categories.isPending ? (
        <Loading height={200} />
      ) : list.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('menuGroups.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('menuGroups.dragHint')}
          </Text>
          <SortableCategories
            byParent={byParent}
            parent={null}
            depth={0}
            actions={{
              onAddSub: (parent) => openCreate(parent),
              onRename: (category) => setDialog({ kind: 'rename', category }),
              onDelete: (category) => setDialog({ kind: 'delete', category }),
              onReorder,
            }}
          />
        </>
      )}
      <CategoryNameDialog
        opened={nameDialog != null}
        title={
          nameDialog?.kind === 'rename'
            ? t('menuGroups.renameTitle', { name: nameDialog.category.name })
            : nameDialog?.parent
              ? t('catalog.category.newSub', { parent: nameDialog.parent.name })
              : t('catalog.category.new')
        }
        initial={nameDialog?.kind === 'rename' ? nameDialog.category.name : ''}
        submitLabel={nameDialog?.kind === 'rename' ? t('common.save') : t('catalog.common.add')}
        loading={create.isPending || rename.isPending}
        onClose={close}
        onSubmit={onName}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('menuGroups.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('menuGroups.deleteConfirm', { name: dialog.category.name }) : ''}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={close}
      />
    </Container>
  );
}
