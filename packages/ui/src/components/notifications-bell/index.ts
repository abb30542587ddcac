export type { NotificationsBellProps, NotificationTicket } from './NotificationsBell'
export { NotificationsBell } from './NotificationsBell'
