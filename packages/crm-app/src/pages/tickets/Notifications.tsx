import { useNotifications } from '@desk/api-client/hooks'
import { NotificationsBell } from '@desk/ui'
import { useNavigate } from 'react-router'
import { asUiError } from '../../lib/errors'

/** The top bar's bell: tickets with unread messages the user may see, live; picking one opens its conversation. */
export function Notifications() {
  const navigate = useNavigate()
  const { tickets, isLoading, error, reload } = useNotifications()
  return (
    <NotificationsBell
      tickets={tickets}
      onOpen={(ticket) => navigate(`/tickets/${ticket.id}`)}
      isLoading={isLoading}
      error={error ? asUiError(error) : null}
      onRetry={() => void reload()}
    />
  )
}

export default Notifications
