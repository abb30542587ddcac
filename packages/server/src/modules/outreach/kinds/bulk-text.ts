import { OUTREACH_TEXT_MAX, requiredString } from '@desk/api-client'
import { z } from 'zod'
import { officialFields, withOfficialApi } from './official-api'
import { driverTarget, type JobKindHandler } from './types'

/** The payload of a bulk text job: the message every recipient gets. */
export const BulkTextPayload = z.object({ message: requiredString(OUTREACH_TEXT_MAX), ...officialFields })
export type BulkTextPayload = z.infer<typeof BulkTextPayload>

/** `bulkText`: the driver's text send through the connection's session. */
export const bulkTextKind: JobKindHandler<BulkTextPayload> = withOfficialApi({
  payload: BulkTextPayload,
  async send({ driver }, { address }, { message }) {
    const sent = await driver.sendText(driverTarget(address), message)
    return { providerMessageId: sent.providerMessageId }
  },
  conversationCopy: ({ message }) => ({ body: message, mediaType: 'chat' }),
})
