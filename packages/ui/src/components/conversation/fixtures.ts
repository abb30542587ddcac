import { imageMessage, incomingText, ownReply, ownText } from '../message-bubble/fixtures'
import type { MessageBubbleMessage } from '../message-bubble/types'

const LAST = Date.parse('2026-01-15T10:20:00Z')
const STEP = 7 * 60_000
const WORDS = 'order tracking box parcel refund address delivery today thanks please check again soon'.split(' ')

/**
 * A long conversation for stories and benchmarks, oldest first, one message every 7 minutes up to
 * 2026-01-15 10:20 UTC: texts of varied length, a quoted reply every 7th and an image every 11th message,
 * and a day separator roughly every 200 messages. Ids run from `firstId`.
 */
export function longConversation(count: number, firstId = 1, total = count): MessageBubbleMessage[] {
  return Array.from({ length: count }, (_, i) => {
    const n = firstId + i
    const createdAt = new Date(LAST - (total - n) * STEP).toISOString()
    if (n % 11 === 0) return { ...imageMessage, id: n, body: `Photo ${n}`, createdAt }
    const words = Array.from({ length: 3 + ((n * 7) % 40) }, (_, w) => WORDS[(n + w) % WORDS.length]).join(' ')
    const body = `Message number ${n}: ${words}`
    if (n % 7 === 0) return { ...ownReply, id: n, body, createdAt, quotedMsg: { ...incomingText, id: n - 1 } }
    return { ...(n % 2 ? incomingText : ownText), id: n, body, createdAt }
  })
}
