export { NotificationBell } from './components/notification-bell';
export { staffSocket, type SocketEvent } from './socket';
export type { Changed, LiveMessage } from './types';
export { useLiveQueries, useStaffSocket, useSocketConnected, type LiveQueries } from './use-staff-socket';
