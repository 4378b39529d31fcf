import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { GROUP, paths, type SocialProvider } from '@/config/paths';
import { showServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session';
import { consumeState, exchangeSocialCode, sentRedirectUri } from '../api/social';

const PROVIDERS: readonly string[] = ['google-oauth2', 'facebook'];

/**
 * /login/social/{provider}/callback: the provider sends the browser back here with a code;
 * the code goes to login/social/token_user/{provider}/. Social login always yields group 3.
 */
export default function SocialCallbackPage() {
  const t = useT();
  const navigate = useNavigate();
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    // the server's refusal says what to do (a restaurant's e-mail: log in with its password; an
    // account with a password: link it with '¿Olvidó su contraseña?'); anything else, the generic text
    const fail = (error?: unknown) => {
      if (error === undefined) notify('error', t('errors.social'), { title: t('errors.login.title'), autoClose: DURATION.long });
      else showServerErrors(t, error, { title: 'errors.login.title', autoClose: DURATION.long, serverError: { text: 'errors.social' } });
      navigate(paths.home.path, { replace: true });
    };
    if (!PROVIDERS.includes(provider) || !code || !consumeState(params.get('state'))) return fail();
    const redirectUri = sentRedirectUri(`${window.location.origin}${paths.socialCallback.href(provider as SocialProvider)}`);
    exchangeSocialCode(provider as SocialProvider, code, redirectUri)
      .then((r) => {
        sessionStore.signIn({ token: r.token, username: r.username, id: r.id, firstName: r.first_name, groups: [GROUP.client] });
        navigate(paths.profile.path, { replace: true });
      })
      .catch(fail);
  }, [navigate, params, provider, t]);

  return (
    <Center mih={300}>
      <Stack align="center">
        <Loader />
        <Text>{t('auth.social.wait')}</Text>
      </Stack>
    </Center>
  );
}
