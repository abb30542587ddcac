import type { Ack, ErrorCode, Message } from '@desk/api-client'
import { addressOn } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { requireMessageAuthor } from '../tickets/access'
import { audienceOf, findTicket, sightOf } from '../tickets/repository'
import type { Actor } from '../users/repository'
import {
  latestPersonMessage,
  markMessageDeleted,
  markSendFailed,
  messageByProvider,
  messageRow,
  newerPersonMessage,
  setAck,
  setTicketPreview,
} from './repository'
import type { MessagesContext } from './service'

/** A stored message as its ticket's preview: its text, or a media message's (empty) caption. */
const previewOf = (row: { body: string } | undefined) => row?.body ?? ''

/** Changes to sent messages: an agent deleting their own, and the network's acks and failures. */
export const createMessageChanges = ({ db, publisher, driverOf, load, announce }: MessagesContext) => {
  /**
   * After a message is deleted: when it was the preview (no newer message a person wrote and kept), the
   * preview goes back to the previous person-written message that is not deleted, or empty.
   * Says whether the preview changed.
   */
  const restorePreview = async (deleted: { id: number; ticketId: number; createdAt: string }) => {
    if (await newerPersonMessage(db, deleted)) return false
    const previous = await latestPersonMessage(db, deleted.ticketId)
    await setTicketPreview(db, deleted.ticketId, previewOf(previous))
    return true
  }

  /** `DELETE /messages/:id`: only the agent who sent a message may delete it. */
  const remove = async (actor: Actor, id: number): Promise<Message> => {
    const row = requireMessageAuthor(actor, await messageRow(db, id))
    if (row.isDeleted === 1) return (await load(id))!
    const ticket = await findTicket(db, row.ticketId)
    if (row.providerMessageId && ticket) {
      const driver = await driverOf(row.whatsappId)
      const to = addressOn(driver, ticket.contact)
      if (!driver?.isConnected() || !to) throw new AppError('ERR_DELETE_WAPP_MSG', 400)
      await driver.deleteMessage(to, row.providerMessageId).catch(() => {
        throw new AppError('ERR_DELETE_WAPP_MSG', 400)
      })
    }
    await markMessageDeleted(db, id)
    if (ticket && row.automatic === 0 && (await restorePreview(row))) {
      const updated = (await findTicket(db, ticket.id))!
      publisher.ticket({ action: 'update', ticket: updated }, await sightOf(db, updated))
      return announce(id, 'update', { ticket: updated, audience: await audienceOf(db, updated) })
    }
    return announce(id, 'update')
  }

  /** The network reports progress on a sent message; acks only move forward. */
  const applyAck = async (connectionId: number, providerMessageId: string, ack: Ack): Promise<Message | null> => {
    const row = await messageByProvider(db, connectionId, providerMessageId, 'ack', false)
    if (!row) return null
    if (ack <= row.ack) return (await load(row.id)) ?? null
    await setAck(db, row.id, ack)
    return announce(row.id, 'update')
  }

  /** The network gave up on a sent message: it keeps its text and shows the error. */
  const applyFailure = async (
    connectionId: number,
    providerMessageId: string,
    code: ErrorCode = 'ERR_SENDING_WAPP_MSG',
  ): Promise<Message | null> => {
    const row = await messageByProvider(db, connectionId, providerMessageId, 'error', true)
    if (!row) return null
    if (row.error) return (await load(row.id)) ?? null
    await markSendFailed(db, row.id, code)
    return announce(row.id, 'update')
  }

  return { remove, applyAck, applyFailure }
}
