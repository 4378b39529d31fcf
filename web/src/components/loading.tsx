import { Center, Loader } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** What a screen or a part of it shows while its data loads: a spinner screen readers announce. */
export function Loading({ height = 300 }: { height?: number }) {
  const t = useT();
  return (
    <Center mih={height}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
