export type {
  NotificationMention,
  NotificationsBellDesktopAlerts,
  NotificationsBellProps,
  NotificationTicket,
} from './NotificationsBell'
export { NotificationsBell } from './NotificationsBell'
