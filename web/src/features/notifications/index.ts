export { NotificationBell } from './components/notification-bell';
export { staffSocket, type SocketEvent } from './socket';
export type { Changed, LiveMessage } from './types';
export { useStaffSocket, useSocketConnected } from './use-staff-socket';
