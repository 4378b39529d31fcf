import { Anchor, Button, Group } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/** The end of both registration forms: 'Register', and for those who have an account, 'Log in'. */
export function RegisterFooter({ submitting, onLogin }: { submitting: boolean; onLogin?: () => void }) {
  const t = useT();
  return (
    <>
      <Button type="submit" loading={submitting}>
        {t('auth.register.submit')}
      </Button>
      {onLogin && (
        <Group justify="center" gap={4}>
          {t('auth.register.haveAccount')}
          <Anchor component="button" type="button" onClick={onLogin}>
            {t('auth.login.submit')}
          </Anchor>
        </Group>
      )}
    </>
  );
}
