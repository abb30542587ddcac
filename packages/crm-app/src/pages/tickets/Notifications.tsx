import { useNotifications } from '@desk/api-client/hooks'
import { NotificationsBell } from '@desk/ui'
import { useDeskAlerts } from '../../lib/alerts/useDeskAlerts'
import { asUiError } from '../../lib/errors'
import { useNavigate } from '../../routes/navigation'

/**
 * The top bar's bell: tickets with unread messages the user may see, live; picking one opens its
 * conversation. Also the desk's alerts: the new-ticket chime, browser notifications (opt-in in the
 * bell's menu) and the unread count in the tab's title.
 */
export function Notifications() {
  const navigate = useNavigate()
  const { tickets, isLoading, error, reload } = useNotifications()
  const { desktopAlerts, setDesktopAlerts } = useDeskAlerts({
    tickets,
    onOpen: (ticketId) => navigate(`/tickets/${ticketId}`),
  })
  return (
    <NotificationsBell
      tickets={tickets}
      onOpen={(ticket) => navigate(`/tickets/${ticket.id}`)}
      isLoading={isLoading}
      error={error ? asUiError(error) : null}
      onRetry={() => void reload()}
      desktopAlerts={desktopAlerts}
      onDesktopAlertsChange={(on) => void setDesktopAlerts(on)}
    />
  )
}

export default Notifications
