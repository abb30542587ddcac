import { Alert } from '@chakra-ui/react'
import { type ReplyWindowState, replyWindowNextChange } from '@desk/api-client/contract'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import { dateTimeSettings, dayAndTime } from '../../lib/datetime'

/** The channels whose provider lets the business write freely only for a while after the customer's message. */
export type ReplyWindowChannel = 'instagram' | 'cloud-api'

export interface ReplyWindowNoticeProps {
  /** The conversation's window (`replyWindowState` of the contract) as read when the ticket loaded. */
  window: ReplyWindowState
  /** Which channel: a closed Cloud API window is answered with a template, an Instagram one only by the customer. */
  channel: ReplyWindowChannel
  /** Re-reads the window when it changes on its own (closing soon, closed); the app passes the contract's rule. */
  recompute?: (now: Date) => ReplyWindowState
}

/** Redraws at the moment the window next changes on its own (closing soon, closing), so the notice stays true. */
const useLiveWindow = (window: ReplyWindowState, recompute?: (now: Date) => ReplyWindowState) => {
  const [live, setLive] = useState(window)
  useEffect(() => setLive(window), [window])
  useEffect(() => {
    if (!recompute) return
    const next = replyWindowNextChange(live, new Date(dateTimeSettings.now()))
    if (!next) return
    // Timers stop at about 24.8 days; a window is never that long.
    const wait = Math.max(0, Date.parse(next) - dateTimeSettings.now()) + 50
    const timer = setTimeout(() => setLive(recompute(new Date(dateTimeSettings.now()))), wait)
    return () => clearTimeout(timer)
  }, [live, recompute])
  return live
}

/**
 * Above the composer of a conversation on a channel with a reply window: until when the agent may answer ("You can
 * answer until 14:05"), "closing soon", the human agent's grace on Instagram, or that the window has closed and
 * what that means on this channel. Draws nothing on channels without a window.
 */
export function ReplyWindowNotice({ window, channel, recompute }: ReplyWindowNoticeProps) {
  const t = useT()
  const { locale } = useIntl()
  const live = useLiveWindow(window, recompute)
  if (live.state === 'none') return null
  const when = (at: string | null) => (at ? dayAndTime(at, locale) : undefined)
  if (live.state === 'closed') {
    const closed = when(live.closedAt)
    const text = closed
      ? t(channel === 'cloud-api' ? 'replyWindow.closedTemplate' : 'replyWindow.closed', closed)
      : t(channel === 'cloud-api' ? 'replyWindow.neverTemplate' : 'replyWindow.never')
    return (
      <Alert.Root status="warning" variant="subtle" size="sm" role="status">
        <Alert.Indicator />
        <Alert.Description>{text}</Alert.Description>
      </Alert.Root>
    )
  }
  const until = when(live.until)
  if (!until) return null
  const key =
    live.state === 'human-agent'
      ? 'replyWindow.humanAgent'
      : live.closingSoon
        ? 'replyWindow.closingSoon'
        : 'replyWindow.open'
  return (
    <Alert.Root status={live.closingSoon ? 'warning' : 'info'} variant="subtle" size="sm" role="status">
      <Alert.Indicator />
      <Alert.Description>{t(key, until)}</Alert.Description>
    </Alert.Root>
  )
}
