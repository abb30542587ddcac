import { useNotifications } from '@desk/api-client/hooks'
import { NotificationsBell } from '@desk/ui'
import { useNavigate } from 'react-router'

/** The top bar's bell: tickets with unread messages the user may see, live; picking one opens its conversation. */
export function Notifications() {
  const navigate = useNavigate()
  const { tickets } = useNotifications()
  return <NotificationsBell tickets={tickets} onOpen={(ticket) => navigate(`/tickets/${ticket.id}`)} />
}

export default Notifications
