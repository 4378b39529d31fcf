import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Container, Grid, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPencilOff, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ScreenHeader } from '@/components/screen-header';
import { DiscardChangesPrompt } from '@/components/discard-changes';
import { RequireRestaurant } from '@/components/require-restaurant';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { KEYS, write } from '@/lib/storage';
import { useDeleteMenu } from '../api/delete-menu';
import { useMenus } from '@/lib/menus';
import { useMenuTree, useSaveMenuTree } from '../api/menu-tree';
import type { Menu } from '../api/types';
import { CatalogMessages } from '../components/catalog-messages';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HelpDialog } from '../components/help-dialog';
import { notifyServerErrors } from '../components/show-errors';
import { notifyProblems } from '@/lib/api-errors';
import { IconButton } from '@/components/icon-button';
import { CategoryDialog } from './category-dialog';
import { MenuSharePanel } from './menu-share-panel';
import { MenuTreeEditor } from './menu-tree-editor';
import { TreeDishDialog } from './tree-dish-dialog';
import { addCategory, addDish, categoryChanges, fromServer, menuProblems, toServer, NAME_MAX, type CategoryItem, type Tree } from './tree-model';
import { Loading } from '@/components/loading';

/** Menu editor modes (spec part 1 §4): init (view), create, update; kept as mnStatus. */
type Mode = 'init' | 'create' | 'update';
type Draft = { name: string; tree: Tree };

const HELP = ['catalog.menu.help.create', 'catalog.menu.help.edit', 'catalog.menu.help.add', 'catalog.menu.help.delete', 'catalog.menu.help.drag'];

export default function MenuEditorPage() {
  return (
    <CatalogMessages>
      <RequireRestaurant>{(r) => <MenuEditor restaurant={r.id} />}</RequireRestaurant>
    </CatalogMessages>
  );
}

function MenuEditor({ restaurant }: { restaurant: number }) {
  const t = useT();
  const [params] = useSearchParams();
  const menus = useMenus(restaurant);
  const [menuId, setMenuId] = useState<number | null>(() => Number(params.get('menu')) || null);
  const [mode, setModeState] = useState<Mode>('init');
  const [draft, setDraft] = useState<Draft | null>(null);
  // the draft as editing began: tells whether there is anything to discard, and after a save
  // which categories it created, updated or deleted
  const [start, setStart] = useState<{ json: string; tree: Tree }>({ json: '', tree: [] });
  const [dialog, setDialog] = useState<null | 'help' | 'delete' | 'discard' | 'category'>(null);
  const [subParent, setSubParent] = useState<CategoryItem | null>(null);
  const [dishParent, setDishParent] = useState<CategoryItem | null>(null);
  const tree = useMenuTree(mode === 'create' ? null : menuId);
  const save = useSaveMenuTree();
  const remove = useDeleteMenu();

  const list = useMemo(() => menus.data ?? [], [menus.data]);
  const menu: Menu | undefined = list.find((m) => m.id === menuId);

  // exactly one menu: it is preselected
  useEffect(() => {
    if (menuId == null && list.length === 1) setMenuId(list[0].id);
    if (menuId != null && menus.isSuccess && !list.some((m) => m.id === menuId)) setMenuId(list.length === 1 ? list[0].id : null);
  }, [list, menuId, menus.isSuccess]);

  const setMode = (next: Mode) => {
    write(KEYS.mnStatus, next === 'init' ? 'init' : 'update');
    setModeState(next);
  };

  const viewTree = useMemo(() => (tree.data ? fromServer(tree.data) : []), [tree.data]);
  const editing = mode !== 'init';
  const shownTree = editing && draft ? draft.tree : viewTree;
  const dirty = editing && draft != null && JSON.stringify(draft) !== start.json;

  const begin = (next: Mode) => {
    const d: Draft = next === 'create' ? { name: '', tree: [] } : { name: menu?.name ?? '', tree: viewTree };
    setDraft(d);
    setStart({ json: JSON.stringify(d), tree: d.tree });
    setMode(next);
  };
  const finish = () => {
    setDraft(null);
    setMode('init');
  };
  const cancel = () => (dirty ? setDialog('discard') : finish());
  const change = (next: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...next } : d));

  const onSave = () => {
    if (!draft) return;
    const problems = menuProblems(draft.tree, draft.name);
    if (problems.length) {
      notifyProblems(t, problems, t('catalog.menu.saveError'));
      return;
    }
    const body = toServer(draft.tree, {
      pk: mode === 'update' ? menu?.id : undefined,
      restaurant,
      name: draft.name,
      delivery: mode === 'update' ? (menu?.delivery ?? false) : false,
    });
    save.mutate(body, {
      onSuccess: (saved) => {
        notify('success', t(mode === 'create' ? 'catalog.menu.created' : 'catalog.menu.updated'));
        const changes = categoryChanges(start.tree, draft.tree);
        if (changes.created) notify('success', t('catalog.category.created', { count: changes.created }));
        if (changes.updated) notify('success', t('catalog.category.updated', { count: changes.updated }));
        if (changes.deleted) notify('success', t('catalog.category.deleted', { count: changes.deleted }));
        setMenuId(saved.menu.id);
        finish();
      },
      onError: (err) => notifyServerErrors(t, err, { title: 'catalog.menu.saveError', firstPerField: true }),
    });
  };

  const onDelete = () => {
    if (!menu) return;
    remove.mutate(menu, {
      onSuccess: () => {
        notify('success', t('catalog.menu.deleted'));
        setDialog(null);
        setMenuId(null);
      },
      onError: (err) => {
        setDialog(null);
        notifyServerErrors(t, err, { title: 'catalog.menu.deleteError' });
      },
    });
  };

  if (menus.isPending) {
    return <Loading />;
  }

  const topCount = draft?.tree.length ?? 0;
  return (
    <Container size="xl" py="lg">
      <DiscardChangesPrompt when={dirty} />
      <ScreenHeader title={t('page.menu.title')} onHelp={() => setDialog('help')}>
        <Select
          aria-label={t('common.chooseMenu')}
          placeholder={t('common.chooseMenu')}
          data={list.map((m) => ({ value: String(m.id), label: m.name }))}
          value={mode === 'create' ? null : menuId != null ? String(menuId) : null}
          onChange={(v) => setMenuId(v ? Number(v) : null)}
          disabled={editing}
          w={{ base: '100%', xs: 240 }}
          data-testid="menu-select"
        />
        <IconButton label={t('catalog.menu.create')} icon={<IconPlus />} size={42} variant="filled" onClick={() => begin('create')} disabled={editing} />
        <Tooltip label={editing ? t('catalog.menu.stopEditing') : t('catalog.menu.edit')}>
          <ActionIcon
            size={42}
            variant={editing ? 'filled' : 'light'}
            aria-label={editing ? t('catalog.menu.stopEditing') : t('catalog.menu.edit')}
            aria-pressed={editing}
            disabled={(!menu && !editing) || tree.isPending && !editing}
            onClick={() => (editing ? cancel() : begin('update'))}
          >
            {editing ? <IconPencilOff /> : <IconPencil />}
          </ActionIcon>
        </Tooltip>
        <IconButton label={t('catalog.menu.delete')} icon={<IconTrash />} size={42} variant="light" color="red" disabled={!menu || editing} onClick={() => setDialog('delete')} />
      </ScreenHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: menu && !editing ? 8 : 12 }}>
          {editing && draft ? (
            <Stack gap="sm" mb="md">
              <TextInput
                label={t('catalog.menu.name')}
                value={draft.name}
                maxLength={NAME_MAX.menu}
                onChange={(e) => change({ name: e.currentTarget.value })}
                data-autofocus
              />
              <Group gap="sm" wrap="wrap">
                <Button leftSection={<IconPlus size={18} />} variant="light" onClick={() => { setSubParent(null); setDialog('category'); }}>
                  {t('catalog.menu.addCategory')}
                </Button>
                <Button leftSection={<IconDeviceFloppy size={18} />} onClick={onSave} loading={save.isPending}>
                  {t('common.save')}
                </Button>
                <Button leftSection={<IconX size={18} />} variant="default" onClick={cancel}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {!editing && list.length === 0 ? (
            <Alert color="blue" title={t('catalog.menu.noneTitle')}>
              {t('catalog.menu.none')}
            </Alert>
          ) : !editing && !menu ? (
            <Text c="dimmed">{t('catalog.menu.chooseOne')}</Text>
          ) : !editing && tree.isPending ? (
            <Loading height={200} />
          ) : (
            <>
              {!editing && menu && (
                <Group justify="flex-end" mb="xs">
                  <Button component={Link} to={paths.listaDePlatos.href(menu.id)} variant="subtle">
                    {t('catalog.menu.toDishes')}
                  </Button>
                </Group>
              )}
              <MenuTreeEditor
                tree={shownTree}
                editable={editing}
                onChange={(next) => change({ tree: next })}
                onAddSubCategory={(parent) => {
                  setSubParent(parent);
                  setDialog('category');
                }}
                onAddDish={(category) => setDishParent(category)}
              />
              {editing && shownTree.length === 0 && (
                <Text c="dimmed" mt="sm">
                  {t('catalog.menu.emptyTree')}
                </Text>
              )}
            </>
          )}
        </Grid.Col>
        {menu && !editing && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MenuSharePanel menu={menu} />
          </Grid.Col>
        )}
      </Grid>

      <CategoryDialog
        opened={dialog === 'category'}
        parentName={subParent?.name ?? null}
        defaultOrder={(subParent ? subParent.children.length : topCount) + 1}
        onClose={() => setDialog(null)}
        onSubmit={(v) => draft && change({ tree: addCategory(draft.tree, v.name, { order: v.order, parent: subParent?.key ?? null }).tree })}
      />
      <TreeDishDialog
        opened={dishParent != null}
        categoryName={dishParent?.name ?? ''}
        onClose={() => setDishParent(null)}
        onSubmit={(v) => draft && dishParent && change({ tree: addDish(draft.tree, dishParent.key, v.name, v.price).tree })}
      />
      <HelpDialog opened={dialog === 'help'} onClose={() => setDialog(null)} title={t('catalog.menu.help.title')} items={HELP} />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('catalog.menu.delete')}
        message={t('catalog.menu.deleteConfirm', { name: menu?.name ?? '' })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'discard'}
        title={t('discard.title')}
        message={t('discard.message')}
        confirmLabel={t('discard.leave')}
        onConfirm={() => {
          setDialog(null);
          finish();
        }}
        onClose={() => setDialog(null)}
      />
    </Container>
  );
}
