/** The local storage key of the opt-in (per browser). */
export const DESKTOP_ALERTS_KEY = 'desktopNotifications'

/** What the bell's toggle shows: unsupported (no Notification API), blocked (denied), or the opt-in. */
export type DesktopAlertsState = 'unsupported' | 'blocked' | 'on' | 'off'

type NotificationLike = { onclick: ((event: Event) => void) | null; close: () => void }
export interface NotificationApi {
  permission: NotificationPermission
  requestPermission: () => Promise<NotificationPermission>
  new (title: string, options?: NotificationOptions): NotificationLike
}

export function desktopAlertsState(api: NotificationApi | undefined, optedIn: boolean): DesktopAlertsState {
  if (!api) return 'unsupported'
  if (api.permission === 'denied') return 'blocked'
  return optedIn && api.permission === 'granted' ? 'on' : 'off'
}

/** Asks the browser's permission when the user turns the alerts on; true when they may show. */
export async function requestDesktopAlerts(api: NotificationApi | undefined): Promise<boolean> {
  if (!api) return false
  if (api.permission === 'granted') return true
  if (api.permission === 'denied') return false
  try {
    return (await api.requestPermission()) === 'granted'
  } catch {
    return false
  }
}

export interface TicketNotice {
  ticketId: number
  contactName: string
  preview: string
}

/**
 * A browser notification for a new waiting ticket, only while the desk's tab is hidden (a visible
 * desk has its own sound and lists). Clicking it brings the window forward and opens the ticket.
 * One notification a ticket: a later one for the same ticket replaces it.
 */
export function showTicketNotification(
  api: NotificationApi | undefined,
  doc: Pick<Document, 'hidden'>,
  notice: TicketNotice,
  open: (ticketId: number) => void,
  focus: () => void,
): boolean {
  if (api?.permission !== 'granted' || !doc.hidden) return false
  try {
    const notification = new api(notice.contactName, {
      body: notice.preview.length > 140 ? `${notice.preview.slice(0, 139)}…` : notice.preview,
      tag: `ticket-${notice.ticketId}`,
    })
    notification.onclick = () => {
      focus()
      open(notice.ticketId)
      notification.close()
    }
    return true
  } catch {
    // Some mobile browsers refuse `new Notification` (they want a service worker): no notification then.
    return false
  }
}

/**
 * A browser notification for a mention (team chat or a private note), only while the desk's tab is
 * hidden and the user opted in (the permission is granted). Clicking it opens what mentioned them.
 */
export function showMentionNotification(
  api: NotificationApi | undefined,
  doc: Pick<Document, 'hidden'>,
  notice: { id: number; title: string; body: string },
  open: () => void,
  focus: () => void,
): boolean {
  if (api?.permission !== 'granted' || !doc.hidden) return false
  try {
    const notification = new api(notice.title, {
      body: notice.body.length > 140 ? `${notice.body.slice(0, 139)}…` : notice.body,
      tag: `mention-${notice.id}`,
    })
    notification.onclick = () => {
      focus()
      open()
      notification.close()
    }
    return true
  } catch {
    return false
  }
}
