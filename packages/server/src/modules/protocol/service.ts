import type { ProtocolResponse, TicketProtocolResponse } from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { MessagesService } from '../messages/service'
import { deskTexts } from '../settings/desk-texts'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import type { TicketsService } from '../tickets/service'
import type { Actor } from '../users/access'
import { recordProtocol, ticketOfProtocol } from './repository'

/** Numbers tried before giving up (each a different one; in practice the first is free). */
const ATTEMPTS = 100

/**
 * The protocol numbers tried in turn: the time in seconds, as the seed makes them, followed by two
 * digits (00, then 01 … when another ticket closed in the same second). All have the same length,
 * so searching for one never finds another that merely contains it.
 */
export const protocolCandidate = (seconds: number, attempt: number) => `${seconds}${String(attempt).padStart(2, '0')}`

/**
 * Protocol close: a unique number recorded with the ticket, a message stating it to the customer
 * (from the agent, read, in the desk's language), then the ticket's ordinary close (farewell, events, the closing e-mail).
 */
export const createProtocolService = ({
  db,
  messages,
  tickets,
  now = () => Date.now(),
}: {
  db: Db
  messages: Pick<MessagesService, 'deliver'>
  tickets: Pick<TicketsService, 'update'>
  now?: () => number
}) => {
  /** `POST /tickets/:id/protocol`: on an open ticket the caller may write on. */
  const closeWithProtocol = async (actor: Actor, ticketId: number): Promise<TicketProtocolResponse> => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, ticketId), 'write')
    const seconds = Math.floor(now() / 1000)
    let protocol: string | undefined
    for (let attempt = 0; attempt < ATTEMPTS && !protocol; attempt += 1) {
      const candidate = protocolCandidate(seconds, attempt)
      const row = { protocol: candidate, ticketId: ticket.id, userId: actor.id, userName: actor.name }
      if (await recordProtocol(db, row, nowIso())) protocol = candidate
    }
    if (!protocol) throw new AppError('ERR_PROTOCOL_TAKEN', 409)
    const body = (await deskTexts(db)).protocolMessage(protocol)
    await messages.deliver({ ...ticket, protocol }, { body, userId: actor.id })
    const closed = await tickets.update(actor, ticket.id, { status: 'closed', userId: actor.id })
    return { protocol, ticket: closed }
  }

  /**
   * `POST /zdgProtocolo {usuario, protocolo, ticket}`: the seed's client made the number (and sends
   * the message and closes by its own calls); it is recorded when free. The same number again for
   * the same ticket is fine; one held by another ticket is 409 `ERR_PROTOCOL_TAKEN`.
   */
  const recordSeed = async (
    actor: Actor,
    input: { usuario: string; protocolo: string; ticket: number },
  ): Promise<ProtocolResponse> => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, input.ticket), 'read')
    const row = { protocol: input.protocolo, ticketId: ticket.id, userId: actor.id, userName: input.usuario }
    if (!(await recordProtocol(db, row, nowIso()))) {
      if ((await ticketOfProtocol(db, input.protocolo)) !== ticket.id) {
        throw new AppError('ERR_PROTOCOL_TAKEN', 409, [{ path: 'protocolo', message: 'validation.taken' }])
      }
    }
    return input
  }

  return { closeWithProtocol, recordSeed }
}

export type ProtocolService = ReturnType<typeof createProtocolService>
