import type { WAMessage } from '@whiskeysockets/baileys'
import type { HistoryConversation, HistoryMessage, HistoryOptions } from '../types'
import { isGroupJid, jidToNumber, mapContent, phoneJid, unwrapContent } from './mapping'

/** Most messages kept per chat (the import's largest limit) and most chats kept. */
export const HISTORY_PER_CHAT = 1000
export const HISTORY_CHATS = 2000

interface Chat {
  isGroup: boolean
  name?: string
  messages: Map<string, HistoryMessage>
}

const secondsOf = (stamp: WAMessage['messageTimestamp']): number => {
  if (typeof stamp === 'number') return stamp
  if (stamp && typeof stamp === 'object' && 'toNumber' in stamp) return (stamp as { toNumber(): number }).toNumber()
  return 0
}

/**
 * One message of a history sync as an import stores it, with the chat it belongs to; null for
 * what the desk does not keep (status posts, newsletters, protocol messages, unknown kinds). Files
 * keep their caption only: history media is not downloaded.
 */
export const mapHistoryMessage = (
  message: WAMessage,
): { chat: string; isGroup: boolean; message: HistoryMessage } | null => {
  const key = message.key
  const remote = key.remoteJid ?? ''
  if (!key.id || !remote) return null
  if (remote === 'status@broadcast' || remote.endsWith('@newsletter') || remote.endsWith('@broadcast')) return null
  const content = unwrapContent(message.message)
  const mapped = content ? mapContent(content) : null
  if (!mapped) return null
  const isGroup = isGroupJid(remote)
  const chat = jidToNumber(isGroup ? remote : phoneJid(remote, key.remoteJidAlt))
  if (!chat) return null
  const author = isGroup && !key.fromMe ? jidToNumber(phoneJid(key.participant, key.participantAlt)) : undefined
  return {
    chat,
    isGroup,
    message: {
      providerMessageId: key.id,
      fromMe: Boolean(key.fromMe),
      body: mapped.body,
      mediaType: mapped.mediaType,
      timestamp: secondsOf(message.messageTimestamp) * 1000,
      ...(author ? { author } : {}),
      ...(!key.fromMe && message.pushName ? { authorName: message.pushName } : {}),
    },
  }
}

/**
 * The chats the phone shared with the web session. The network sends them on its own schedule
 * (`messaging-history.set`, mostly right after pairing, and offline messages as `append`), so an
 * import reads what has arrived by then: best effort, never a full copy of the phone. Kept in
 * memory, at most `HISTORY_PER_CHAT` latest messages in `HISTORY_CHATS` chats.
 */
export class WebHistory {
  private readonly chats = new Map<string, Chat>()

  /** Chat names from the sync (`chats` of `messaging-history.set`). */
  name(jid: string, name: string | null | undefined) {
    const chat = this.chats.get(jidToNumber(jid))
    if (chat && name) chat.name = name
  }

  add(messages: WAMessage[]) {
    for (const raw of messages) {
      const mapped = mapHistoryMessage(raw)
      if (!mapped) continue
      let chat = this.chats.get(mapped.chat)
      if (!chat) {
        if (this.chats.size >= HISTORY_CHATS) continue
        chat = { isGroup: mapped.isGroup, messages: new Map() }
        this.chats.set(mapped.chat, chat)
      }
      if (!chat.isGroup && !mapped.message.fromMe && raw.pushName) chat.name ??= raw.pushName
      chat.messages.set(mapped.message.providerMessageId, mapped.message)
      if (chat.messages.size > HISTORY_PER_CHAT) {
        const oldest = [...chat.messages.values()].sort((a, b) => a.timestamp - b.timestamp)[0]
        if (oldest) chat.messages.delete(oldest.providerMessageId)
      }
    }
  }

  count({ contact }: HistoryOptions): number {
    return contact ? (this.chats.has(contact) ? 1 : 0) : this.chats.size
  }

  /** One chat at a time, each cut to its latest `limit` messages only when it is read. */
  *conversations({ limit, contact }: HistoryOptions): Generator<HistoryConversation> {
    for (const [id, chat] of this.chats) {
      if (contact && id !== contact) continue
      yield {
        id,
        isGroup: chat.isGroup,
        ...(chat.name ? { name: chat.name } : {}),
        messages: [...chat.messages.values()].sort((a, b) => a.timestamp - b.timestamp).slice(-limit),
      }
    }
  }
}
