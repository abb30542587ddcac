import type { MentionEvent } from '@desk/api-client'
import { useMentions, useNotifications, useSocket } from '@desk/api-client/hooks'
import { type NotificationMention, NotificationsBell } from '@desk/ui'
import { useEffect, useRef } from 'react'
import { showMentionNotification } from '../../lib/alerts/desktopNotification'
import { useDeskAlerts } from '../../lib/alerts/useDeskAlerts'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { CHAT_PATH } from '../pageTable'

/**
 * The top bar's bell: mentions not yet opened (team chat and private notes), then tickets with unread
 * messages the user may see, live; picking one opens it (a note's ticket read-only when it is not
 * the user's). Also the desk's alerts: the new-ticket chime, browser notifications (opt-in in the
 * bell's menu, for mentions too) and the unread count in the tab's title.
 */
export function Notifications() {
  const t = useT()
  const navigate = useNavigate()
  const socket = useSocket()
  const { tickets, isLoading, error, reload } = useNotifications()
  const { mentions, read } = useMentions()
  const { desktopAlerts, setDesktopAlerts } = useDeskAlerts({
    tickets,
    onOpen: (ticketId) => navigate(`/tickets/${ticketId}`),
  })
  const open = (mention: Pick<NotificationMention, 'id' | 'kind' | 'ticketId'> & { channelId?: number | null }) => {
    void read(mention.id).catch(() => {})
    if (mention.kind === 'note' && mention.ticketId) navigate(`/tickets/${mention.ticketId}`)
    else navigate(mention.channelId ? `${CHAT_PATH}?channel=${mention.channelId}` : CHAT_PATH)
  }
  const latest = useRef({ open, t, on: desktopAlerts === 'on' })
  latest.current = { open, t, on: desktopAlerts === 'on' }
  useEffect(() => {
    if (!socket) return
    const onMention = ({ mention }: MentionEvent) => {
      const { t, on } = latest.current
      if (!on) return
      const by = mention.by?.name ?? t('notifications.someone')
      showMentionNotification(
        typeof Notification === 'undefined' ? undefined : (Notification as never),
        document,
        {
          id: mention.id,
          title:
            mention.kind === 'note'
              ? t('notifications.mentionNote', {
                  name: by,
                  ticket: mention.ticketId ?? '',
                  contact: mention.contactName ?? '',
                })
              : t('notifications.mentionChat', { name: by, channel: mention.channelName ?? '' }),
          body: mention.excerpt,
        },
        () => latest.current.open(mention),
        () => window.focus(),
      )
    }
    socket.on('mention', onMention)
    return () => void socket.off('mention', onMention)
  }, [socket])
  const unreadMentions = mentions.filter((m) => !m.read)
  return (
    <NotificationsBell
      tickets={tickets}
      onOpen={(ticket) => navigate(`/tickets/${ticket.id}`)}
      mentions={unreadMentions}
      onOpenMention={(m) => open(unreadMentions.find((x) => x.id === m.id) ?? m)}
      isLoading={isLoading}
      error={error ? asUiError(error) : null}
      onRetry={() => void reload()}
      desktopAlerts={desktopAlerts}
      onDesktopAlertsChange={(on) => void setDesktopAlerts(on)}
    />
  )
}

export default Notifications
