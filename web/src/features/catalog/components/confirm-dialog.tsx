import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** A confirmation dialog (default width 350, spec part 1 §9). */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={350} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="md">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('catalog.common.cancel')}
        </Button>
        <Button color="red" loading={props.loading} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
