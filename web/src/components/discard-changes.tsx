import { useEffect } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { useT } from '@/lib/i18n/messages';

/**
 * The one mechanism that asks to discard changes when leaving an editor (menu, profile,
 * floor plan) that is not in its initial state. Editors render <DiscardChangesPrompt when={dirty} />.
 */
export function DiscardChangesPrompt({ when }: { when: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('discard.title')} size={350} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="md">{t('discard.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('discard.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('discard.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
