import { List, Modal } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** The help button's dialog: the screen's how-to, one line per item. */
export function HelpDialog({ opened, onClose, title, items }: { opened: boolean; onClose: () => void; title: string; items: string[] }) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={415} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <List spacing="xs">
        {items.map((id) => (
          <List.Item key={id}>{t(id)}</List.Item>
        ))}
      </List>
    </Modal>
  );
}
