import { useMemo, useState } from 'react'

interface Counted {
  id: string | number
  fromMe: boolean
}

/** The `count`-th incoming message from the end (the oldest incoming one loaded when fewer are). */
function firstUnread(messages: Counted[], count: number) {
  let found: string | number | undefined
  let seen = 0
  for (let i = messages.length - 1; i >= 0 && seen < count; i--) {
    if (messages[i].fromMe) continue
    found = messages[i].id
    seen++
  }
  return found
}

/**
 * Where the unread divider goes: above the first of the `unreadCount` newest incoming messages, chosen once,
 * when the first messages arrive, and kept there while the list is mounted (new messages do not move it).
 */
export function useUnreadDivider(messages: Counted[], unreadCount = 0) {
  const [anchor, setAnchor] = useState<{ id: string | number; count: number } | null>()
  if (anchor === undefined && messages.length > 0) {
    const id = unreadCount > 0 ? firstUnread(messages, unreadCount) : undefined
    setAnchor(id === undefined ? null : { id, count: unreadCount })
  }
  return useMemo(() => {
    if (!anchor) return undefined
    const index = messages.findIndex((message) => message.id === anchor.id)
    return index < 0 ? undefined : { index, count: anchor.count }
  }, [messages, anchor])
}
