import { Alert, Button, Container, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /restaurante/autorizacion-ahora-no: the owner did not authorize; they can whenever they like. */
export default function NotNowPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <NotNow />
    </MessagesScope>
  );
}

function NotNow() {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('page.autorizacionAhoraNo.title')}
      </Title>
      <Alert color="orange" data-testid="mp-not-now">
        {t('marketplace.notNow.text')}
      </Alert>
      <Group mt="lg" gap="sm">
        <Button component={Link} to={paths.mercadopago.path}>
          {t('marketplace.notNow.authorize')}
        </Button>
        <Button component={Link} to={paths.restaurante.path} variant="default">
          {t('marketplace.toRestaurants')}
        </Button>
      </Group>
    </Container>
  );
}
