import { Container, Text, Title } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** A screen that a later issue builds; its route and guard exist already. */
export function PlaceholderPage({ titleId }: { titleId: string }) {
  const t = useT();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">
        {t(titleId)}
      </Title>
      <Text c="dimmed">{t('placeholder.soon')}</Text>
    </Container>
  );
}
