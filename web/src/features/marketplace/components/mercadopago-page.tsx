import { useState } from 'react';
import { Button, Container, Group, List, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconCreditCard, IconPercentage } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { RequireRestaurant } from '@/components/require-restaurant';
import { ScreenHeader } from '@/components/screen-header';
import { paths } from '@/config/paths';
import { errorCode, useShowServerErrors } from '@/lib/api-errors';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useLinkState } from '@/lib/marketplace-link';
import { browser, useAuthorizationUrl } from '../api/get-authorization-url';
import es from '../locales/es.json';
import en from '../locales/en.json';

/**
 * /restaurante/mercadopago: the link screen, only while the selected restaurant is not linked. The
 * button asks first (spec part 2 §2: 'an authorization question screen with authorize and deny'):
 * authorize now leaves for the provider, not now goes to the 'not now' screen.
 */
export default function MercadoPagoPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <LinkScreen restaurantId={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

const POINTS = [
  { id: 'marketplace.point.payments', icon: IconCreditCard },
  { id: 'marketplace.point.commission', icon: IconPercentage },
  { id: 'marketplace.point.free', icon: IconBuildingStore },
] as const;

function LinkScreen({ restaurantId, name }: { restaurantId: number; name: string }) {
  const t = useT();
  const link = useLinkState(restaurantId);
  const authorizationUrl = useAuthorizationUrl();
  const [help, setHelp] = useState(false);
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const showErrors = useShowServerErrors({
    title: 'errors.markedPlace.title',
    codes: { restaurant_already_linked: { text: 'marketplace.alreadyLinked' } },
  });
  if (link.isPending) return <Loading />;
  if (link.data?.mp_active) return <Navigate to={paths.restaurante.path} replace />;
  const start = () =>
    authorizationUrl.mutate(restaurantId, {
      // the provider's page, then back to /restaurante/autorizacion/ with a code (or a refusal)
      onSuccess: ({ url }) => browser.assign(url),
      onError: (error) => {
        showErrors(error);
        // linked meanwhile (another tab): the state says so and this screen goes away
        if (errorCode(error) === 'restaurant_already_linked') void link.refetch();
      },
    });
  return (
    <Container size="md" py="xl">
      <ScreenHeader title={t('page.mercadopago.title')} subtitle={name} onHelp={() => setHelp(true)} />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Text fz="lg">{t('marketplace.intro')}</Text>
          <List spacing="sm" center>
            {POINTS.map(({ id, icon: Icon }) => (
              <List.Item
                key={id}
                icon={
                  <ThemeIcon variant="light" size="lg" radius="xl">
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                }
              >
                {t(id)}
              </List.Item>
            ))}
          </List>
          <Button size="lg" onClick={() => setAsking(true)} data-testid="mp-link">
            {t('marketplace.link')}
          </Button>
        </Stack>
      </Paper>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('marketplace.ask.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text mb="lg">{t('marketplace.ask.text', { name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.autorizacionAhoraNo.path)} disabled={authorizationUrl.isPending || authorizationUrl.isSuccess}>
            {t('marketplace.ask.notNow')}
          </Button>
          <Button onClick={start} loading={authorizationUrl.isPending || authorizationUrl.isSuccess} data-testid="mp-authorize">
            {t('marketplace.notNow.authorize')}
          </Button>
        </Group>
      </Modal>
      <Modal opened={help} onClose={() => setHelp(false)} title={t('marketplace.help.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <List type="ordered" spacing="sm">
          {(['marketplace.help.step1', 'marketplace.help.step2', 'marketplace.help.step3', 'marketplace.help.step4'] as const).map((id) => (
            <List.Item key={id}>{t(id)}</List.Item>
          ))}
        </List>
      </Modal>
    </Container>
  );
}
