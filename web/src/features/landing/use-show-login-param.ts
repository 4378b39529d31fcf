import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthDialogs } from '@/features/auth';

/** Named route 'home' with showLogin: true opens login, false opens registration. */
export function useShowLoginParam(isResto: boolean) {
  const [params, setParams] = useSearchParams();
  const dialogs = useAuthDialogs();
  const showLogin = params.get('showLogin');
  useEffect(() => {
    if (showLogin === null) return;
    if (showLogin === 'true' || showLogin === '1') dialogs.open('login', { isResto });
    else dialogs.open(isResto ? 'register-resto' : 'register-client', { isResto });
    const next = new URLSearchParams(params);
    next.delete('showLogin');
    setParams(next, { replace: true });
  }, [showLogin, dialogs, isResto, params, setParams]);
}
