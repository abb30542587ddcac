import type { Message, MessageListResponse } from '../contract'

/**
 * Pages of a conversation as SWR holds them: page 1 (the newest messages) first, each page
 * oldest-first. These functions keep every message once, whatever order pages, live events
 * and catch-up fetches arrive in.
 */
export type MessagePages = MessageListResponse[]

const time = (m: Message) => Date.parse(m.createdAt) || 0
const byTime = (a: Message, b: Message) =>
  time(a) - time(b) || (typeof a.id === 'number' && typeof b.id === 'number' ? a.id - b.id : 0)

/** Every loaded message once (the newest copy wins), oldest first. */
export function flattenMessages(pages: MessagePages | undefined): Message[] {
  const byId = new Map<string, Message>()
  // Page 1 is the freshest copy: read older pages first so newer copies overwrite them.
  for (const page of [...(pages ?? [])].reverse()) for (const m of page.messages) byId.set(String(m.id), m)
  return [...byId.values()].sort(byTime)
}

const has = (pages: MessagePages, id: Message['id']) =>
  pages.some((p) => p.messages.some((m) => String(m.id) === String(id)))

const replace = (pages: MessagePages, message: Message) =>
  pages.map((p) =>
    p.messages.some((m) => String(m.id) === String(message.id))
      ? { ...p, messages: p.messages.map((m) => (String(m.id) === String(message.id) ? message : m)) }
      : p,
  )

/**
 * A message event of this conversation: a known message is replaced where it is (acks,
 * deletes); a new one joins the newest page. A create that was already applied (one's own
 * send, then its echo) changes nothing but the copy.
 */
export function applyMessageToPages(pages: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!pages?.length) return pages
  if (has(pages, message.id)) return replace(pages, message)
  const [first, ...rest] = pages
  return [{ ...first, messages: [...first.messages, message].sort(byTime) }, ...rest]
}

/**
 * After a reconnect: `fresh` holds the newest pages fetched again, newest page first. Every
 * fresh message replaces its loaded copy or joins the newest page, so messages that arrived
 * while disconnected appear once and the older pages already loaded stay in place.
 */
export function mergeCaughtUp(pages: MessagePages | undefined, fresh: MessagePages): MessagePages {
  if (!pages?.length) return fresh
  let next = pages
  for (const page of fresh) for (const message of page.messages) next = applyMessageToPages(next, message) ?? next
  return next
}

/**
 * Fetches pages from the newest until one holds a message already loaded (nothing in
 * between was missed), at most `maxPages`. Returns the fresh pages and whether they reached
 * the loaded ones; when they did not, the caller reloads instead of leaving a gap.
 */
export async function fetchMissed(
  pages: MessagePages | undefined,
  fetchPage: (pageNumber: number) => Promise<MessageListResponse>,
  maxPages = 10,
): Promise<{ fresh: MessagePages; joined: boolean }> {
  const known = new Set((pages ?? []).flatMap((p) => p.messages.map((m) => String(m.id))))
  const fresh: MessagePages = []
  for (let n = 1; n <= maxPages; n++) {
    const page = await fetchPage(n)
    fresh.push(page)
    if (known.size === 0 || !page.hasMore || page.messages.some((m) => known.has(String(m.id)))) {
      return { fresh, joined: true }
    }
  }
  return { fresh, joined: false }
}
