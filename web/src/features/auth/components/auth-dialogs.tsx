import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogsContext, type AuthDialog } from './auth-dialogs-context';

// The modal and its forms (react-hook-form + zod) load only when a dialog first opens.
const AuthDialogModal = lazy(() => import('./auth-dialog-modal'));

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<AuthDialog | null>(null);
  const [isResto, setIsResto] = useState(false);
  const [used, setUsed] = useState(false);
  const value = useMemo(
    () => ({
      open: (d: AuthDialog, opts?: { isResto?: boolean }) => {
        if (opts?.isResto !== undefined) setIsResto(opts.isResto);
        setUsed(true);
        setDialog(d);
      },
      close: () => setDialog(null),
    }),
    [],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthDialogModal dialog={dialog} isResto={isResto} setDialog={setDialog} />
        </Suspense>
      )}
    </AuthDialogsContext.Provider>
  );
}
