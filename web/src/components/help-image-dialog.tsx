import { Image, Modal } from '@mantine/core';
import { useState } from 'react';
import { useT } from '@/lib/i18n/messages';
import { KEYS, read, write } from '@/lib/storage';

/** First-visit help image (max width 415); closing it writes the start flag StartResto = 2. */
export function FirstVisitHelp() {
  const t = useT();
  const [open, setOpen] = useState(() => read(KEYS.startResto) !== '2');
  const close = () => {
    write(KEYS.startResto, '2');
    setOpen(false);
  };
  return <HelpImageDialog opened={open} onClose={close} title={t('help.start.title')} />;
}

export function HelpImageDialog({ opened, onClose, title }: { opened: boolean; onClose: () => void; title: string }) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={415} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Image src="/help-start.svg" alt={t('help.start.alt')} />
    </Modal>
  );
}
