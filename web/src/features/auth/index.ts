export { AuthDialogsProvider } from './components/auth-dialogs';
export { useAuthDialogs, type AuthDialog } from './components/auth-dialogs-context';
export { useLogout } from './api/logout';
export { useCurrentUser, checkAuthentication, authKeys } from './api/check-authentication';
export { useCompleteLogin } from './hooks';
