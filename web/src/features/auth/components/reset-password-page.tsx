import { Container, Paper, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useT } from '@/lib/i18n/messages';
import ResetPasswordConfirmForm from './reset-password-confirm-form';

/** /recuperar-contrasena/{uid}/{token}: the link of the reset e-mail. */
export default function ResetPasswordPage() {
  const t = useT();
  const { uid = '', token = '' } = useParams();
  return (
    <Container size={480} py="xl">
      <Paper withBorder shadow="sm" p="lg">
        <Title order={1} fz="h2" mb="xs">
          {t('auth.reset.title')}
        </Title>
        <Text c="dimmed" mb="md">
          {t('auth.reset.help')}
        </Text>
        <ResetPasswordConfirmForm uid={uid} token={token} />
      </Paper>
    </Container>
  );
}
