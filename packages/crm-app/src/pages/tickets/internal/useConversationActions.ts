import type { Ticket } from '@desk/api-client'
import { useApiClient, useTicketMutations } from '@desk/api-client/hooks'
import { useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { useNavigate } from '../../../routes/navigation'

/**
 * The header's transitions for one ticket. After each the screen follows the spec: the
 * conversation stays when the ticket is now open, else back to /tickets. `busy` holds the
 * actions while one is in flight.
 */
export function useConversationActions(ticket: Ticket | undefined) {
  const notify = useNotify()
  const navigate = useNavigate()
  const client = useApiClient()
  const actions = useTicketMutations()
  const [busy, setBusy] = useState(false)

  const run = async (action: (id: number) => Promise<Ticket>) => {
    if (!ticket) return
    setBusy(true)
    try {
      const next = await action(ticket.id)
      navigate(next.status === 'open' ? `/tickets/${next.id}` : '/tickets')
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      setBusy(false)
    }
  }

  /** Deletes the ticket (administrators), then back to the list. Resolves false when it failed. */
  const remove = async () => {
    if (!ticket) return false
    setBusy(true)
    try {
      await actions.remove(ticket.id)
      notify.success('toasts.ticketDeleted')
      navigate('/tickets')
      return true
    } catch (error) {
      notify.error(asUiError(error))
      return false
    } finally {
      setBusy(false)
    }
  }

  /** The Chat button of a contact card: the contact by that number (added when missing), then a ticket with them. */
  const startChat = async ({ name, number }: { name: string; number: string }) => {
    try {
      const { contacts } = await client.contacts.list({ searchParam: number })
      const contact = contacts.find((c) => c.number === number) ?? (await client.contacts.create({ name, number }))
      const ticket = await actions.start(contact.id)
      if (ticket.existing) notify.success('tickets.openedExisting')
      navigate(`/tickets/${ticket.id}`)
    } catch (error) {
      notify.error(asUiError(error))
    }
  }

  return {
    busy,
    accept: () => run(actions.accept),
    giveBack: () => run(actions.giveBack),
    resolve: () => run(actions.resolve),
    reopen: () => run(actions.reopen),
    remove,
    startChat,
  }
}
