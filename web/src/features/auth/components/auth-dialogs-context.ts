import { createContext, useContext } from 'react';

export type AuthDialog = 'login' | 'forgot' | 'register-client' | 'register-resto';

export type AuthDialogsValue = {
  open: (dialog: AuthDialog, opts?: { isResto?: boolean }) => void;
  close: () => void;
};

export const AuthDialogsContext = createContext<AuthDialogsValue>({ open: () => {}, close: () => {} });

/** Opens the login / forgot-password / registration dialogs from anywhere in the shell. */
export const useAuthDialogs = () => useContext(AuthDialogsContext);
