import { Suspense, lazy } from 'react';
import { Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '@/lib/i18n/messages';
import QueryProvider from '@/lib/query';
import type { AuthDialog } from './auth-dialogs-context';

const LoginForm = lazy(() => import('./login-form'));
const ForgotPasswordForm = lazy(() => import('./forgot-password-form'));
const ClientRegisterForm = lazy(() => import('./client-register-form'));
const RestaurantRegisterForm = lazy(() => import('./restaurant-register-form'));

const TITLES: Record<AuthDialog, string> = {
  login: 'auth.login.title',
  forgot: 'auth.forgot.title',
  'register-client': 'auth.registerClient.title',
  'register-resto': 'auth.registerResto.title',
};

type Props = { dialog: AuthDialog | null; isResto: boolean; setDialog: (d: AuthDialog | null) => void };

/** Login ⇄ forgot-password, and the registration dialogs (they switch between each other). */
export default function AuthDialogModal({ dialog, isResto, setDialog }: Props) {
  const t = useT();
  const fullScreen = useMediaQuery('(max-width: 450px)');
  const close = () => setDialog(null);
  return (
    <Modal opened={dialog !== null} onClose={close} title={dialog ? t(TITLES[dialog]) : ''} fullScreen={fullScreen} size="md" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <QueryProvider>
        <Suspense fallback={<Loader m="auto" display="block" />}>
          {dialog === 'login' && (
            <LoginForm
              onForgot={() => setDialog('forgot')}
              onRegister={() => setDialog(isResto ? 'register-resto' : 'register-client')}
              onDone={close}
            />
          )}
          {dialog === 'forgot' && <ForgotPasswordForm isResto={isResto} onBack={() => setDialog('login')} onDone={close} />}
          {dialog === 'register-client' && <ClientRegisterForm onLogin={() => setDialog('login')} onDone={close} />}
          {dialog === 'register-resto' && <RestaurantRegisterForm onLogin={() => setDialog('login')} onDone={close} />}
        </Suspense>
      </QueryProvider>
    </Modal>
  );
}
