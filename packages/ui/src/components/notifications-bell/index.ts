export type { NotificationsBellDesktopAlerts, NotificationsBellProps, NotificationTicket } from './NotificationsBell'
export { NotificationsBell } from './NotificationsBell'
