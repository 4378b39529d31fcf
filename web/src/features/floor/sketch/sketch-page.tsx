import { useEffect, useRef, useState } from 'react';
import { Button, Container, Group, List, Modal, Text } from '@mantine/core';
import { IconArmchair, IconDeviceFloppy, IconMotorbike, IconPencil, IconTable, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ScreenHeader } from '@/components/screen-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DiscardChangesPrompt } from '@/components/discard-changes';
import { RequireRestaurant } from '@/components/require-restaurant';
import { showServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { IconButton } from '@/components/icon-button';
import { MenuSelect, useMenuChoice } from '@/components/menu-select';
import { placesQuery, usePlaces } from '@/lib/places';
import { placeIsActive } from '../api/place-is-active';
import type { SitType } from '../api/types';
import { FloorMessages } from '../components/floor-messages';
import { FloorGrid } from './floor-grid';
import { ItemDialog } from './item-dialog';
import { changesOf, fromSit, isEmpty, newItem, type Item } from './model';
import { saveSketch } from './save';
import { Loading } from '@/components/loading';

export default function SketchPage() {
  return (
    <FloorMessages>
      <RequireRestaurant>{(r) => <Sketch restaurant={r.id} />}</RequireRestaurant>
    </FloorMessages>
  );
}

const HELP = ['floor.help.edit', 'floor.help.add', 'floor.help.names', 'floor.help.move', 'floor.help.rename', 'floor.help.save', 'floor.help.qr'];
const ADD: { type: SitType; icon: typeof IconTable }[] = [
  { type: 'mesa', icon: IconTable },
  { type: 'silla', icon: IconArmchair },
  { type: 'delivery', icon: IconMotorbike },
];

/** /croquis-restaurante: the floor sketch editor (spec part 1 §2, §4 'Sketch editor', issue 11). */
function Sketch({ restaurant }: { restaurant: number }) {
  const t = useT();
  const qc = useQueryClient();
  const sits = usePlaces(restaurant);
  const [menuId, setMenuId] = useState<number | null>(null);
  const menu = useMenuChoice(restaurant, menuId, setMenuId);
  const [loaded, setLoaded] = useState<Item[]>([]);
  const [items, setItems] = useState<Item[]>([]);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'help' | 'cancel'>(null);
  const seq = useRef(0);

  // what the server has is shown while not editing (edit mode keeps the draft)
  useEffect(() => {
    if (sits.data && !editing) {
      const fresh = sits.data.map(fromSit);
      setLoaded(fresh);
      setItems(fresh);
    }
  }, [sits.data, editing]);

  const dirty = editing && !isEmpty(changesOf(loaded, items));
  const reload = async () => {
    const fresh = (await qc.fetchQuery({ ...placesQuery(restaurant), staleTime: 0 })).map(fromSit);
    setLoaded(fresh);
    setItems(fresh);
    return fresh;
  };

  const add = (type: SitType) => {
    if (menuId == null) return notify('error', t('floor.rules.selectMenu'));
    const item = newItem(items, type, menuId, `n${++seq.current}`);
    if (!item) return notify('error', t('floor.sketch.full'));
    setItems((list) => [...list, item]);
  };
  const move = (moves: Map<string, Pick<Item, 'x' | 'y' | 'w' | 'h'>>) =>
    setItems((list) => list.map((it) => (moves.has(it.key) ? { ...it, ...moves.get(it.key)! } : it)));

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveSketch(restaurant, loaded, items);
      if (result.kind === 'noData') {
        notify('warning', t('floor.sketch.noData'));
        return;
      }
      // places still in use stay on the server: the reload puts them back, each named in an error
      for (const name of result.inUse) notify('error', t('floor.sketch.inUse', { name }), { title: t('floor.sketch.inUseTitle'), autoClose: DURATION.form });
      if (!result.inUse.length) notify('success', t('floor.sketch.saved'));
      await reload();
      setEditing(false);
    } catch (error) {
      showServerErrors(t, error, { title: 'floor.sketch.saveError', firstPerField: true });
      // part of the save may have landed: what the server now has becomes the base, the new
      // places it created take their ids by name, and the rest of the draft stays
      try {
        const fresh = (await qc.fetchQuery({ ...placesQuery(restaurant), staleTime: 0 })).map(fromSit);
        const byName = new Map(fresh.map((s) => [s.name.toUpperCase(), s]));
        setLoaded(fresh);
        setItems((list) => list.map((it) => (it.id == null && byName.has(it.name.toUpperCase()) ? { ...it, id: byName.get(it.name.toUpperCase())!.id } : it)));
      } catch {
        // the error above already says the save failed
      }
    } finally {
      setSaving(false);
    }
  };
  // the spec's cancel always asks, then reloads what the server has
  const cancel = () => setDialog('cancel');
  const confirmCancel = async () => {
    setDialog(null);
    setEditing(false);
    await reload().catch(() => setItems(loaded));
  };

  // a place with open orders is not taken off the sketch: the error names it
  const remove = async (key: string) => {
    const item = items.find((it) => it.key === key);
    if (!item) return;
    if (item.id != null) {
      try {
        if (await placeIsActive(item.id)) {
          notify('error', t('floor.sketch.inUse', { name: item.name }), { title: t('floor.sketch.inUseTitle'), autoClose: DURATION.form });
          return;
        }
      } catch (error) {
        showServerErrors(t, error, { title: 'floor.sketch.removeError' });
        return;
      }
    }
    setItems((list) => list.filter((it) => it.key !== key));
    setOpen(null);
  };

  const openItem = items.find((it) => it.key === open) ?? null;
  return (
    <Container size="xl" py="lg">
      <ScreenHeader title={t('page.croquis.title')} onHelp={() => setDialog('help')}>
        {!editing ? (
          <IconButton label={t('floor.sketch.edit')} icon={<IconPencil />} size={44} variant="filled" onClick={() => setEditing(true)} disabled={sits.isPending} />
        ) : (
          <>
            <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={save}>
              {t('common.save')}
            </Button>
            <Button variant="default" leftSection={<IconX size={18} />} disabled={saving} onClick={cancel}>
              {t('common.cancel')}
            </Button>
          </>
        )}
      </ScreenHeader>
      <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
        <MenuSelect {...menu} w={{ base: '100%', sm: 240 }} />
        {editing &&
          ADD.map(({ type, icon: Icon }) => (
            <Button key={type} variant="light" leftSection={<Icon size={20} />} onClick={() => add(type)}>
              {t(`floor.add.${type}`)}
            </Button>
          ))}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {editing ? t('floor.sketch.editingHint') : t('floor.sketch.viewHint')}
      </Text>
      {sits.isPending ? (
        <Loading height={600} />
      ) : (
        <FloorGrid items={items} editing={editing} onMove={move} onOpen={(it) => setOpen(it.key)} />
      )}

      <ItemDialog
        item={openItem}
        items={items}
        menus={menu.menus}
        onClose={() => setOpen(null)}
        onSave={(key, changes) => {
          setItems((list) => list.map((it) => (it.key === key ? { ...it, ...changes } : it)));
          setOpen(null);
        }}
        onRemove={remove}
      />
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={t('floor.sketch.cancelTitle')}
        message={t('floor.sketch.cancelMessage')}
        confirmLabel={t('discard.leave')}
        onConfirm={confirmCancel}
        onClose={() => setDialog(null)}
      />
      <Modal opened={dialog === 'help'} onClose={() => setDialog(null)} title={t('floor.help.title')} size={415} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <List spacing="xs">
          {HELP.map((id) => (
            <List.Item key={id}>{t(id)}</List.Item>
          ))}
        </List>
      </Modal>
      <DiscardChangesPrompt when={dirty} />
    </Container>
  );
}
