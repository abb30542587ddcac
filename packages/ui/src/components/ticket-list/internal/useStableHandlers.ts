import { useLayoutEffect, useRef, useState } from 'react'
import type { TicketListItemTicket } from '../../ticket-list-item/TicketListItem'
import type { TicketRowHandlers } from './TicketRow'

/**
 * Callbacks that keep their identity while calling the latest props: a page that passes new arrow functions
 * on every render does not redraw every row of the list.
 */
export function useStableHandlers(handlers: TicketRowHandlers): Required<TicketRowHandlers> {
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })
  const [stable] = useState(() => ({
    onOpen: (ticket: TicketListItemTicket) => latest.current.onOpen?.(ticket),
    onAccept: (ticket: TicketListItemTicket) => latest.current.onAccept?.(ticket),
    onView: (ticket: TicketListItemTicket) => latest.current.onView?.(ticket),
    onClose: (ticket: TicketListItemTicket) => latest.current.onClose?.(ticket),
  }))
  return stable
}
