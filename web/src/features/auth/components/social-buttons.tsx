import { Button, Group } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useSocialRedirect } from '../api/social';

/** Google and Facebook sign-in: the browser goes to the provider's authorize page. */
export function SocialButtons() {
  const t = useT();
  const redirect = useSocialRedirect();
  const go = (provider: 'google-oauth2' | 'facebook') =>
    redirect.mutate(provider, { onError: () => notify('error', t('errors.social')) });
  return (
    <Group grow>
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} />}
        loading={redirect.isPending && redirect.variables === 'google-oauth2'}
        onClick={() => go('google-oauth2')}
      >
        Google
      </Button>
      <Button
        variant="default"
        leftSection={<IconBrandFacebook size={18} />}
        loading={redirect.isPending && redirect.variables === 'facebook'}
        onClick={() => go('facebook')}
      >
        Facebook
      </Button>
    </Group>
  );
}
