import { randomUUID } from 'node:crypto'
import { digitsOnly, recipientAddressOf, type SingleTextResponse } from '@desk/api-client'
import type { Db } from '../../db'
import type { MessagingDriver, SentMessage } from '../../drivers/types'
import { AppError, fieldError } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import { driverTarget } from './kinds'
import { isOptedOut, releaseConnectionLease, takeConnectionLease } from './repository'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One message to one `number` (the seed's clients loop over their list themselves; `/zdg`,
 * `/sendMedia`, `/sendMediaZDG`, `/sendMediaZDGRec` with `number`): sent at once but under the
 * connection's send lease, so it never overlaps a job's message on the same connection. Opted-out
 * numbers are skipped, as in a job. Every message that is going to be sent counts against its sender's
 * send limit first (`countSend`: the user, or the API token's caller for `null`), the same durable counter
 * as an agent's chat sends, so a client looping over a list paces itself. `prepare` runs before the lease
 * is taken (a media download), so a slow fetch never holds the connection.
 */
export const createSingleSend = ({
  db,
  sessions,
  holder,
  countSend,
  waitMs = 30_000,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  holder: string
  /** Counts one message by its sender (a user id, or null for the API token); throws 429 past the limit. */
  countSend?: (owner: number | null) => Promise<void>
  /** How long to wait for the connection's lease before giving up. */
  waitMs?: number
}) => {
  return async <T>(
    owner: number | null,
    input: { ticketwhatsappId: number; number: string },
    prepare: () => Promise<T>,
    send: (driver: MessagingDriver, to: string, prepared: T) => Promise<SentMessage>,
  ): Promise<SingleTextResponse> => {
    const connection = await findConnectionRow(db, input.ticketwhatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await sessions.driver(connection.id)
    if (!driver?.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    const isGroup = /@g\.us$/i.test(input.number.trim())
    const address = recipientAddressOf(input.number, isGroup)
    if (!address) throw fieldError('number', 'validation.invalid')
    if (!isGroup && (await isOptedOut(db, digitsOnly(address)))) {
      return { status: 'skipped', address, providerMessageId: null, reason: 'optedOut' }
    }
    await countSend?.(owner)
    const prepared = await prepare()
    const sender = `${holder}:single:${randomUUID()}`
    const deadline = Date.now() + waitMs
    const until = () => new Date(Date.now() + waitMs).toISOString()
    while (!(await takeConnectionLease(db, connection.id, sender, new Date().toISOString(), until()))) {
      if (Date.now() > deadline) throw new AppError('ERR_SENDING_WAPP_MSG', 503, undefined, 'The connection is busy')
      await sleep(25)
    }
    try {
      const sent = await send(driver, driverTarget(address), prepared)
      return { status: 'sent', address, providerMessageId: sent.providerMessageId, reason: null }
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', 502, undefined, error instanceof Error ? error.message : undefined)
    } finally {
      await releaseConnectionLease(db, connection.id, sender)
    }
  }
}
