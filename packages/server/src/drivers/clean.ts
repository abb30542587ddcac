import { stripNul } from '@desk/api-client'
import type { InboundMessage } from './types'

const clean = <T extends string | null | undefined>(value: T): T =>
  (typeof value === 'string' ? stripNul(value) : value) as T

/**
 * What a driver received, with NUL bytes removed from every text in it: the same rule the
 * contract applies to the API's input (`safeText`), for networks that reach the desk without
 * going through the contract (the web session's library objects, the Cloud API's webhook, the
 * simulator). The session manager applies it to every driver's events before anything is stored.
 */
export const cleanInbound = (message: InboundMessage): InboundMessage => ({
  ...message,
  providerMessageId: stripNul(message.providerMessageId),
  from: stripNul(message.from),
  name: clean(message.name),
  pictureUrl: clean(message.pictureUrl),
  groupId: clean(message.groupId),
  groupName: clean(message.groupName),
  body: stripNul(message.body),
  media: message.media && {
    ...message.media,
    fileName: clean(message.media.fileName),
    mimeType: clean(message.media.mimeType),
  },
  quotedProviderMessageId: clean(message.quotedProviderMessageId),
})
