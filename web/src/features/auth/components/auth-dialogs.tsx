import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '@/lib/i18n/messages';
import { AuthDialogsContext, type AuthDialog } from './auth-dialogs-context';

// The forms (react-hook-form + zod) load only when a dialog opens.
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

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [dialog, setDialog] = useState<AuthDialog | null>(null);
  const [isResto, setIsResto] = useState(false);
  const fullScreen = useMediaQuery('(max-width: 450px)');
  const value = useMemo(
    () => ({
      open: (d: AuthDialog, opts?: { isResto?: boolean }) => {
        if (opts?.isResto !== undefined) setIsResto(opts.isResto);
        setDialog(d);
      },
      close: () => setDialog(null),
    }),
    [],
  );
  const close = () => setDialog(null);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? t(TITLES[dialog]) : ''}
        fullScreen={fullScreen}
        size="md"
        centered
      >
        <Suspense fallback={<Loader m="auto" display="block" />}>
          {dialog === 'login' && (
            <LoginForm
              onForgot={() => setDialog('forgot')}
              onRegister={() => setDialog(isResto ? 'register-resto' : 'register-client')}
              onDone={close}
            />
          )}
          {dialog === 'forgot' && (
            <ForgotPasswordForm isResto={isResto} onBack={() => setDialog('login')} onDone={close} />
          )}
          {dialog === 'register-client' && (
            <ClientRegisterForm onLogin={() => setDialog('login')} onDone={close} />
          )}
          {dialog === 'register-resto' && (
            <RestaurantRegisterForm onLogin={() => setDialog('login')} onDone={close} />
          )}
        </Suspense>
      </Modal>
    </AuthDialogsContext.Provider>
  );
}
