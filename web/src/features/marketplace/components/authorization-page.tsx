import { useEffect, useRef } from 'react';
import { Alert, Button, Container, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { errorCode } from '@/lib/api-errors';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useSelectedRestaurant } from '@/lib/selected-restaurant';
import { useAuthorize } from '../api/authorize';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /restaurante/autorizacion/?fk_resto=&code=&state=: where the provider sends the owner back. */
export default function AuthorizationPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <AuthorizationReturn />
    </MessagesScope>
  );
}

/** What a refusal's `code` says to the owner; any other refusal reads errors.markedPlace.msg. */
const REFUSALS: Record<string, string> = {
  field_required: 'errors.markedPlace.msgResto',
  provider_unreachable: 'errors.markedPlace.unreachable',
  account_linked_elsewhere: 'errors.markedPlace.linkedElsewhere',
};

/** The restaurant: the address's fk_resto, else the one `state` starts with ('<id>.'), else the selected one. */
function restaurantOf(query: URLSearchParams, selected: number | undefined): number | undefined {
  const id = Number(query.get('fk_resto') || query.get('state')?.split('.')[0]);
  return Number.isInteger(id) && id > 0 ? id : selected;
}

function AuthorizationReturn() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const selected = useSelectedRestaurant();
  const authorize = useAuthorize();
  const query = new URLSearchParams(search);
  // the provider says 'denied' in the address (its own wording) or as an OAuth `error`
  const denied = `${pathname}${search}${hash}`.includes('access-denied') || query.has('error');
  // a code is good once: sent once, also when React runs the effect twice
  const sent = useRef(false);
  useEffect(() => {
    if (denied || sent.current) return;
    sent.current = true;
    const input = { code: query.get('code') || undefined, state: query.get('state') || undefined, fk_resto: restaurantOf(query, selected?.id) };
    authorize.mutate(input, {
      onSuccess: () => {
        notify('success', t('marketplace.linked'));
        navigate(paths.restaurante.path, { replace: true });
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the address it was opened with
  }, []);
  if (denied) return <Navigate to={paths.autorizacionAhoraNo.path} replace />;
  if (!authorize.isError) return <Loading />;
  const refusal = REFUSALS[errorCode(authorize.error) ?? ''] ?? 'errors.markedPlace.msg';
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('page.autorizacion.title')}
      </Title>
      <Alert color="red" title={t('errors.markedPlace.title')} data-testid="mp-link-error">
        {t(refusal)}
      </Alert>
      <Button component={Link} to={paths.mercadopago.path} mt="lg">
        {t('marketplace.retry')}
      </Button>
    </Container>
  );
}
