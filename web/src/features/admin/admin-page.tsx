import { Container, Title } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** /administrador: shows only the word Administrador. */
export default function AdminPage() {
  const t = useT();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('page.administrador.title')}</Title>
    </Container>
  );
}
