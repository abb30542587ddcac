import { useMemo } from 'react'
import { useSWRConfig } from 'swr'
import { isApiError } from '../client/errors'
import type { Ticket, TicketUpdateRequest } from '../contract'
import { keys } from './cache'
import { useApiContext, useSession } from './context'
import { useDeskCache } from './useDeskCache'

export interface TransferInput {
  userId?: number | null
  queueId?: number | null
  /** Administrators only. */
  whatsappId?: number | null
}

/**
 * Every ticket transition of the spec (§4), each answering with the updated ticket. The
 * cache follows at once: lists move the ticket to where it now belongs without waiting for
 * the socket. The signed-in user's id is sent where the transition assigns the ticket. When
 * someone else changed the ticket first (`ERR_TICKET_CHANGED`), the loaded lists and the ticket
 * are fetched again and the error is thrown for the page to show.
 */
export function useTicketMutations() {
  const { client, lists } = useApiContext()
  const { user } = useSession()
  const { mutate } = useSWRConfig()
  const { applyTicket } = useDeskCache()

  return useMemo(() => {
    const update = async (id: number, body: TicketUpdateRequest) => {
      try {
        const ticket = await client.tickets.update(id, body)
        applyTicket({ action: 'update', ticket })
        return ticket
      } catch (error) {
        // Someone else moved it first: reload what is shown, whether or not their event came.
        if (isApiError(error) && error.code === 'ERR_TICKET_CHANGED') {
          for (const [key, entry] of lists) if (entry.kind === 'tickets') void mutate(key)
          void mutate(keys.ticket(id))
        }
        throw error
      }
    }
    const me = user?.id ?? null
    /** A new ticket for a contact, open and the caller's. */
    const create = async (contactId: number): Promise<Ticket> => {
      const ticket = await client.tickets.create({ contactId, userId: me, status: 'open' })
      applyTicket({ action: 'update', ticket })
      return ticket
    }
    return {
      /** Pending → open, assigned to the caller. */
      accept: (id: number) => update(id, { status: 'open', userId: me }),
      /** Spy on a pending ticket: it stays pending and opens. */
      view: (id: number) => update(id, { status: 'pending' }),
      /** Open → pending, unassigned. */
      giveBack: (id: number) => update(id, { status: 'pending', userId: null }),
      /** Open → closed (Resolve, or the X of a list item). */
      resolve: (id: number) => update(id, { status: 'closed', userId: me }),
      /** Closed → open, assigned to the caller. */
      reopen: (id: number) => update(id, { status: 'open', userId: me }),
      /** A queue without a user makes it pending and unassigned (the server decides). */
      transfer: (id: number, { userId, queueId, whatsappId }: TransferInput) =>
        update(id, {
          ...(userId !== undefined ? { userId } : {}),
          ...(queueId !== undefined ? { queueId } : {}),
          ...(whatsappId ? { whatsappId } : {}),
        }),
      create,
      /**
       * "Chat with this contact": a new ticket, or the contact's live ticket when the server names
       * one the caller may see (`ERR_OTHER_OPEN_TICKET` with its `ticketId`). Other refusals throw.
       */
      async start(contactId: number): Promise<{ id: number; existing: boolean }> {
        try {
          return { id: (await create(contactId)).id, existing: false }
        } catch (error) {
          const existing = isApiError(error) && error.code === 'ERR_OTHER_OPEN_TICKET' ? error.details.ticketId : null
          if (typeof existing === 'number') return { id: existing, existing: true }
          throw error
        }
      },
      /** Admin-only. */
      async remove(id: number) {
        await client.tickets.delete(id)
        applyTicket({ action: 'delete', ticketId: id })
      },
      /** Closes every open ticket the caller may see, then reloads the loaded lists. */
      async closeAll(showAll?: boolean) {
        const result = await client.tickets.closeAll({ showAll })
        for (const [key, entry] of lists) if (entry.kind === 'tickets') void mutate(key)
        return result
      },
    }
  }, [client, lists, user, mutate, applyTicket])
}
