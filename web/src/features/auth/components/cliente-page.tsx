import { Container, Paper, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useAuthDialogs } from './auth-dialogs-context';
import { useT } from '@/lib/i18n/messages';
import LoginForm from './login-form';
import ClientRegisterForm from './client-register-form';

/** /cliente: diners' login, with the inline client registration form. */
export default function ClientePage() {
  const t = useT();
  const dialogs = useAuthDialogs();
  const [tab, setTab] = useState<string | null>('login');
  return (
    <Container size={480} py="xl">
      <Title order={1} mb="md" ta="center">
        {t('cliente.title')}
      </Title>
      <Paper withBorder shadow="sm" p="lg">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="login">{t('nav.login')}</Tabs.Tab>
            <Tabs.Tab value="register">{t('nav.register')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login">
            <LoginForm onForgot={() => dialogs.open('forgot', { isResto: false })} onRegister={() => setTab('register')} />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <ClientRegisterForm onLogin={() => setTab('login')} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}
