import { EmptyState, type TicketListHandle } from '@desk/ui'
import { useEffect, useRef } from 'react'
import { useMediaQuery } from '../../lib/useMediaQuery'
import { useT } from '../../lib/useT'
import { useNavigate, useParams } from '../../routes/navigation'
import { ConversationPanel } from './ConversationPanel'
import { TicketsPanel } from './TicketsPanel'

/**
 * Side by side from this width (the list's 24rem plus a conversation with room for its header's buttons,
 * beside the app's menu); below it the list and the conversation take turns, as on a phone.
 */
const WIDE_TICKETS = '(min-width: 64em)'

/** /tickets and /tickets/:ticketId: the live ticket lists beside the open conversation (or a welcome). */
export function TicketsPage() {
  const t = useT()
  const { ticketId } = useParams()
  const id = ticketId && /^\d+$/.test(ticketId) ? Number(ticketId) : undefined
  const wide = useMediaQuery(WIDE_TICKETS)
  const navigate = useNavigate()
  const listRef = useRef<TicketListHandle>(null)
  // Escape closed this ticket's conversation: the keyboard goes on from its row in the list.
  const refocus = useRef<number | null>(null)
  useEffect(() => {
    if (id !== undefined || refocus.current === null) return
    listRef.current?.focusRow(refocus.current)
    refocus.current = null
  }, [id])
  const closeConversation = (ticketId: number) => {
    refocus.current = ticketId
    navigate('/tickets')
  }
  const showList = wide || id === undefined
  const showConversation = wide || id !== undefined
  return (
    <div style={{ display: 'flex', gap: 0, height: 'calc(100dvh - 3.5rem)', minHeight: 0 }}>
      {showList && (
        <div style={{ width: wide ? '24rem' : '100%', flexShrink: 0, minHeight: 0 }}>
          <TicketsPanel selectedId={id} listRef={listRef} />
        </div>
      )}
      {showConversation && (
        <div style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          {id === undefined ? (
            <EmptyState title={t('tickets.welcome')} />
          ) : (
            <ConversationPanel key={id} ticketId={id} onClose={() => closeConversation(id)} />
          )}
        </div>
      )}
    </div>
  )
}

export default TicketsPage
