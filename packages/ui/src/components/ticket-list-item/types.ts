/** The fields of a ticket the list shows (a structural subset of the API's ticket). */
export interface TicketListItemTicket {
  id: number
  status: 'open' | 'pending' | 'closed'
  contact: { name: string; profilePicUrl?: string | null; number?: string | null; isGroup?: boolean }
  user?: { id?: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
  /** The connection; its `driver` is the channel the conversation runs on. */
  whatsapp?: { id?: number; name: string; driver?: string } | null
  lastMessage: string | null
  unreadMessages: number
  tags?: { id?: number; tag: string; color: string }[]
  /** In search results: the message that holds the searched text, shown instead of the last one. */
  searchMatch?: { body: string } | null
  updatedAt: string
}
