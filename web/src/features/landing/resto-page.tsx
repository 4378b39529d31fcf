import { Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { useAuthDialogs } from '@/features/auth';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import es from './locales/es.json';
import en from './locales/en.json';
import { useShowLoginParam } from './use-show-login-param';

const RestaurantRegisterForm = lazy(() => import('@/features/auth/components/restaurant-register-form'));

function Resto() {
  const t = useT();
  const dialogs = useAuthDialogs();
  useShowLoginParam(true);
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Title order={1}>{t('resto.title')}</Title>
            <Text fz="lg">{t('resto.subtitle')}</Text>
            <Text c="dimmed">{t('resto.haveAccount')}</Text>
            <Button size="lg" variant="outline" onClick={() => dialogs.open('login', { isResto: true })} data-testid="resto-login">
              {t('nav.login')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder shadow="sm" p="lg">
            <Title order={2} fz="xl" mb="md">
              {t('auth.registerResto.title')}
            </Title>
            <Suspense fallback={<Loader />}>
              <RestaurantRegisterForm onLogin={() => dialogs.open('login', { isResto: true })} />
            </Suspense>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** /resto: the restaurant owners' door: login and restaurant registration. */
export default function RestoPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Resto />
    </MessagesScope>
  );
}
