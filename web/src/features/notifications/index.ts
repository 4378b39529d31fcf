export { NotificationBell } from './components/notification-bell';
export { staffSocket, type LiveMessage, type SocketEvent } from './socket';
export { useStaffSocket, useSocketConnected } from './use-staff-socket';
