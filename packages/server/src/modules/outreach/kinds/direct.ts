import { canSendFreeText, replyWindowState, requiredString } from '@desk/api-client'
import { z } from 'zod'
import type { Executor } from '../../../db'
import { InstagramDriver } from '../../../drivers/instagram'
import { contactOfIgsid } from '../../instagram/repository'
import { lastCustomerMessageAt } from '../../tickets/repository/rows'
import type { JobKindHandler } from './types'

/** The payload of a direct job: the text each reachable customer gets. */
export const DirectPayload = z.object({ message: requiredString(4096) })
export type DirectPayload = z.infer<typeof DirectPayload>

/**
 * `direct`: one Instagram message per recipient, whose address is the customer's Instagram-scoped id (the job
 * resolved each user name when it was made). The window is read again before each send: one that closed while
 * the job waited fails its recipient with `ERR_REPLY_WINDOW_CLOSED` rather than going out any other way. The
 * seed's pace for Instagram is one wait of 5 s plus a random 0–10 s before each message.
 */
export const createDirectKind = (db: Executor): JobKindHandler<DirectPayload> => ({
  payload: DirectPayload,
  waitsOnlyBefore: true,
  async send({ connectionId, driver }, { address }, { message }) {
    if (!(driver instanceof InstagramDriver)) throw new Error('The connection is not an Instagram connection')
    const contactId = await contactOfIgsid(db, connectionId, address)
    const last = contactId === null ? null : await lastCustomerMessageAt(db, contactId, connectionId)
    if (!canSendFreeText(replyWindowState('instagram', last), false)) throw new Error('ERR_REPLY_WINDOW_CLOSED')
    const sent = await driver.sendText(address, message)
    return { providerMessageId: sent.providerMessageId }
  },
})
