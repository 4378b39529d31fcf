import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

type Props = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The button that closes without acting; 'Cancel' unless the action is itself a cancel. */
  closeLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Confirmation dialog (spec part 1 §9: default width 350). */
export function ConfirmDialog({ opened, title, message, confirmLabel, closeLabel, loading, onConfirm, onClose }: Props) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={350} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {closeLabel ?? t('common.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
