import { Container, Text, Title } from '@mantine/core';
import { FirstVisitHelp } from '@/components/help-image-dialog';
import { useCurrentUser } from '@/features/auth';
import { useT } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';

/** /restaurante: the owner's home (the restaurant list comes with issue 4). */
export default function OwnerHome() {
  const t = useT();
  const session = useSession();
  const me = useCurrentUser();
  const name = me.data?.first_name || me.data?.username || session.firstName || session.username || '';
  return (
    <Container size="lg" py="xl">
      <Title order={1} data-testid="owner-home-title">
        {t('page.restaurante.title')}
      </Title>
      <Text fz="lg" mt="sm" data-testid="owner-name">
        {t('owner.welcome', { name })}
      </Text>
      <FirstVisitHelp />
    </Container>
  );
}
