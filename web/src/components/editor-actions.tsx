import { Button, Group } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog';
import { useT } from '@/lib/i18n/messages';

/** The editors' save/cancel bar, kept in reach at the bottom of the screen while editing. */
export function EditorSaveBar({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const t = useT();
  return (
    <Group
      justify="flex-end"
      p="sm"
      bg="white"
      mt="md"
      style={{ position: 'sticky', bottom: 0, zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Button variant="default" size="md" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" size="md" loading={saving}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** 'Discard your changes?' asked when cancelling an editor that is not in its initial state. */
export function DiscardEditsDialog({ opened, onDiscard, onClose }: { opened: boolean; onDiscard: () => void; onClose: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={opened}
      title={t('discard.title')}
      message={t('discard.message')}
      confirmLabel={t('discard.leave')}
      onConfirm={onDiscard}
      onClose={onClose}
    />
  );
}
