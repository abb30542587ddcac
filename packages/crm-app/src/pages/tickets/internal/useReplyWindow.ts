import {
  type ReplyWindowState,
  replyWindowNextChange,
  replyWindowPolicy,
  replyWindowState,
  type Ticket,
} from '@desk/api-client'
import { dateTimeSettings } from '@desk/ui'
import { useEffect, useState } from 'react'

/**
 * The reply window of a ticket's conversation now (Instagram, the Cloud API), redrawn at its next change on its
 * own (closing soon, closed); null on channels without a window, or while the ticket came without the time the
 * customer last wrote (a list's copy). "Now" is the one the notice reads ("today", "tomorrow"), so both agree.
 */
export const useReplyWindow = (ticket: Ticket): ReplyWindowState | null => {
  const driver = ticket.whatsapp?.driver
  const last = ticket.lastCustomerMessageAt
  const known = replyWindowPolicy(driver) !== null && last !== undefined
  const [now, setNow] = useState(() => dateTimeSettings.now())
  const window = known ? replyWindowState(driver, last, new Date(now)) : null
  const next = window ? replyWindowNextChange(window, new Date(now)) : null
  useEffect(() => {
    if (!next) return
    const timer = setTimeout(
      () => setNow(dateTimeSettings.now()),
      Math.max(0, Date.parse(next) - dateTimeSettings.now()) + 50,
    )
    return () => clearTimeout(timer)
  }, [next])
  // A message from the customer moves the window: read it again from now.
  const [seenLast, setSeenLast] = useState(last)
  if (seenLast !== last) {
    setSeenLast(last)
    setNow(dateTimeSettings.now())
  }
  return window
}
