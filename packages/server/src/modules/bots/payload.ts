import type { BotKind, BotPayload, Ticket } from '@desk/api-client'

/** A customer message that is exactly one of the comma-separated stop words (any case) ends the bot. */
export const isStopWord = (stopWords: string, body: string) => {
  const said = body.trim().toUpperCase()
  return Boolean(said) && stopWords.split(',').some((word) => word.trim().toUpperCase() === said)
}

/** A queued customer message, as `queuedFor` reads it. */
interface QueuedMessage {
  messageId: BotPayload['message']['id']
  body: string
  mediaType: string
  createdAt: string
}

/** What the bot is posted for one batch: the ticket, the contact, and the queued messages, also joined as one. */
export const batchPayload = (
  kind: BotKind,
  ticket: Ticket,
  contact: { id: number; name: string; number: string | null },
  queued: QueuedMessage[],
): BotPayload => {
  const items = queued.map((q) => ({ id: q.messageId, body: q.body, mediaType: q.mediaType, createdAt: q.createdAt }))
  return {
    kind,
    ticket: {
      id: ticket.id,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      whatsappId: ticket.whatsappId,
    },
    contact: { id: contact.id, name: contact.name, number: contact.number ?? '' },
    message: { ...items[items.length - 1]!, body: items.map((i) => i.body).join('\n') },
    messages: items,
  }
}

/** The admin page's test console post: a sample message of no ticket, marked `test`. */
export const testPayload = (kind: BotKind, text: string, now: string): BotPayload => {
  const sample = { id: 0, body: text, mediaType: 'chat', createdAt: now }
  return {
    kind,
    ticket: { id: 0, status: 'open', queueId: null, userId: null, whatsappId: null },
    contact: { id: 0, name: 'Test', number: '0' },
    message: sample,
    messages: [sample],
    test: true,
  }
}
