import type { AppMessageEvent, Ticket, TicketEvent } from '@desk/api-client'
import { useSession, useSocket } from '@desk/api-client/hooks'
import { previewKind } from '@desk/ui'
import { useEffect, useMemo, useRef } from 'react'
import { isBoolean, useStoredState } from '../../pages/tickets/internal/useStoredState'
import { useT } from '../useT'
import { createChime } from './chime'
import {
  DESKTOP_ALERTS_KEY,
  type DesktopAlertsState,
  desktopAlertsState,
  type NotificationApi,
  requestDesktopAlerts,
  showTicketNotification,
} from './desktopNotification'
import { APP_TITLE, tabTitle } from './tabTitle'
import { createWaitingWatch } from './waitingWatch'

const notificationApi = (): NotificationApi | undefined =>
  typeof Notification === 'undefined' ? undefined : (Notification as unknown as NotificationApi)

const audioContext = () =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext)

const UNLOCKING = ['pointerdown', 'keydown'] as const

export interface DeskAlertsOptions {
  /** The tickets with unread messages the user sees (the bell's): the title counts them. */
  tickets: Pick<Ticket, 'id' | 'status' | 'userId'>[]
  /** Opens a ticket (from a browser notification). */
  onOpen: (ticketId: number) => void
}

export interface DeskAlerts {
  desktopAlerts: DesktopAlertsState
  setDesktopAlerts: (on: boolean) => Promise<void>
}

/**
 * Keeps new customers from being missed: a short chime when a ticket the user may see starts
 * waiting, a browser notification as well while the tab is hidden (opt-in, remembered in this
 * browser), and the count of conversations with unread messages in the tab's title.
 */
export function useDeskAlerts({ tickets, onOpen }: DeskAlertsOptions): DeskAlerts {
  const socket = useSocket()
  const { user } = useSession()
  const t = useT()
  const [optedIn, setOptedIn] = useStoredState(DESKTOP_ALERTS_KEY, false, isBoolean)
  const userId = user?.id ?? null
  const watch = useMemo(() => createWaitingWatch(userId), [userId])
  const chime = useMemo(() => createChime({ AudioContext: audioContext() }), [])
  const latest = useRef({ optedIn, onOpen, t })
  latest.current = { optedIn, onOpen, t }

  useEffect(() => watch.seed(tickets), [watch, tickets])

  useEffect(() => {
    document.title = tabTitle(tickets.length)
  }, [tickets.length])
  useEffect(
    () => () => {
      document.title = APP_TITLE
    },
    [],
  )

  useEffect(() => {
    const unlock = () => chime.unlock()
    for (const type of UNLOCKING) document.addEventListener(type, unlock, { capture: true, passive: true })
    return () => {
      for (const type of UNLOCKING) document.removeEventListener(type, unlock, { capture: true })
    }
  }, [chime])

  useEffect(() => {
    if (!socket) return
    const alert = (ticket: Ticket, body: string) => {
      chime.play()
      const { optedIn: on, onOpen: open, t: translate } = latest.current
      if (!on) return
      const kind = previewKind(body)
      showTicketNotification(
        notificationApi(),
        document,
        {
          ticketId: ticket.id,
          contactName: ticket.contact.name,
          preview: kind ? translate(`tickets.preview.${kind}`) : body,
        },
        open,
        () => window.focus(),
      )
    }
    const onTicket = (event: TicketEvent) => {
      const ticket = watch.onTicket(event)
      if (ticket) alert(ticket, ticket.lastMessage ?? '')
    }
    const onMessage = (event: AppMessageEvent) => {
      const ticket = watch.onMessage(event)
      if (ticket) alert(ticket, event.message.body)
    }
    socket.on('ticket', onTicket)
    socket.on('appMessage', onMessage)
    return () => {
      socket.off('ticket', onTicket)
      socket.off('appMessage', onMessage)
    }
  }, [socket, watch, chime])

  return {
    desktopAlerts: desktopAlertsState(notificationApi(), optedIn),
    setDesktopAlerts: async (on) => {
      if (!on) return setOptedIn(false)
      setOptedIn(await requestDesktopAlerts(notificationApi()))
    },
  }
}
