import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { Menu } from '@/lib/menus';
import { NAME_MAX, nameError, type Item } from './model';

/**
 * A place's dialog: rename it (the sketch's rules), change its menu, block it, switch its admin
 * flag (staff may add orders and comments at it: spec part 2 §6), or remove it.
 */
export function ItemDialog(props: {
  item: Item | null;
  items: Item[];
  menus: Menu[];
  onClose: () => void;
  onSave: (key: string, changes: Pick<Item, 'name' | 'menu' | 'blocked' | 'admin'>) => void;
  onRemove: (key: string) => void;
}) {
  const t = useT();
  const { item } = props;
  const [name, setName] = useState('');
  const [menu, setMenu] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [admin, setAdmin] = useState(true);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!item) return;
    setName(item.name);
    setMenu(String(item.menu));
    setBlocked(item.blocked);
    setAdmin(item.admin);
    setError(null);
  }, [item]);
  if (!item) return <Modal opened={false} onClose={props.onClose} />;
  const title = t('floor.item.title', { name: item.name });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = nameError(name, item.type, props.items, item.key) ?? (menu ? null : 'floor.rules.menuRequired');
    setError(problem);
    if (!problem) props.onSave(item.key, { name: name.trim().toUpperCase(), menu: Number(menu), blocked, admin });
  };
  return (
    <Modal opened onClose={props.onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label={t('floor.item.name')}
            description={t(`floor.item.nameHint.${item.type}`)}
            maxLength={NAME_MAX}
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error && error !== 'floor.rules.menuRequired' ? t(error, { max: NAME_MAX }) : undefined}
          />
          <Select
            label={t('common.menu')}
            data={props.menus.map((m) => ({ value: String(m.id), label: m.name }))}
            value={menu}
            onChange={setMenu}
            allowDeselect={false}
            error={error === 'floor.rules.menuRequired' ? t(error) : undefined}
          />
          <Switch label={t('floor.item.blocked')} checked={blocked} onChange={(e) => setBlocked(e.currentTarget.checked)} />
          <Switch
            label={t('floor.item.admin')}
            description={t('floor.item.adminHint')}
            checked={admin}
            onChange={(e) => setAdmin(e.currentTarget.checked)}
          />
          <Group justify="space-between" mt="sm">
            <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => props.onRemove(item.key)}>
              {t('floor.item.remove')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">
                {t('floor.item.apply')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
