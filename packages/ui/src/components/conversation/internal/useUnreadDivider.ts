import { useMemo, useState } from 'react'

interface Counted {
  id: string | number
  fromMe: boolean
}

/** The `count`-th incoming message from the end (the oldest incoming one loaded when fewer are), and how many it opens. */
function firstUnread(messages: Counted[], count: number) {
  let id: string | number | undefined
  let seen = 0
  for (let i = messages.length - 1; i >= 0 && seen < count; i--) {
    if (messages[i].fromMe) continue
    id = messages[i].id
    seen++
  }
  return id === undefined ? null : { id, seen }
}

/**
 * Where the unread divider goes: above the first of the `unreadCount` newest incoming messages, chosen once,
 * when the first messages arrive, and kept there while the list is mounted (new messages do not move it).
 * When older messages are still to load, the first unread one may be among them: the divider then sits above
 * the oldest incoming message loaded and still says `unreadCount`.
 */
export function useUnreadDivider(messages: Counted[], unreadCount = 0, hasMore = false) {
  const [anchor, setAnchor] = useState<{ id: string | number; count: number } | null>()
  if (anchor === undefined && messages.length > 0) {
    const first = unreadCount > 0 ? firstUnread(messages, unreadCount) : null
    // With every message loaded, the divider never counts more than there are below it.
    setAnchor(first && { id: first.id, count: hasMore ? unreadCount : first.seen })
  }
  return useMemo(() => {
    if (!anchor) return undefined
    const index = messages.findIndex((message) => message.id === anchor.id)
    return index < 0 ? undefined : { index, count: anchor.count }
  }, [messages, anchor])
}
