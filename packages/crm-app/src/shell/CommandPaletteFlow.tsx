import { useSession, useTicketMutations } from '@desk/api-client/hooks'
import { CommandPalette, type CommandPaletteContact, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../lib/errors'
import { menuFor } from '../pages/pageTable'
import { useNavigate } from '../routes/navigation'
import { COMMAND_SEARCH_MIN_LENGTH, useCommandSearch } from './useCommandSearch'

export interface CommandPaletteFlowProps {
  open: boolean
  onClose: () => void
}

/**
 * The command palette with its search. A page goes there; a ticket opens its conversation; a contact opens
 * the conversation with them: their live ticket when they have one, else a new one, as Chat on the Contacts page.
 */
export function CommandPaletteFlow({ open, onClose }: CommandPaletteFlowProps) {
  const { isAdmin } = useSession()
  const pages = useMemo(() => menuFor(isAdmin), [isAdmin])
  const navigate = useNavigate()
  const notify = useNotify()
  const { start } = useTicketMutations()
  const [query, setQuery] = useState('')
  const found = useCommandSearch(query, open)

  const openContact = async (contact: CommandPaletteContact) => {
    try {
      const ticket = await start(contact.id)
      if (ticket.existing) notify.success('tickets.openedExisting')
      navigate(`/tickets/${ticket.id}`)
    } catch (error) {
      notify.error(asUiError(error))
    }
  }

  return (
    <CommandPalette
      open={open}
      onClose={() => {
        setQuery('')
        onClose()
      }}
      query={query}
      onQueryChange={setQuery}
      pages={pages}
      tickets={found.tickets}
      contacts={found.contacts}
      isSearching={found.isSearching}
      searchMinLength={COMMAND_SEARCH_MIN_LENGTH}
      onNavigate={(href) => navigate(href)}
      onOpenTicket={(ticket) => navigate(`/tickets/${ticket.id}`)}
      onOpenContact={openContact}
    />
  )
}
