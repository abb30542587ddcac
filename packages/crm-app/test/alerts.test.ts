import type { AppMessageEvent, Message, Ticket } from '@desk/api-client'
import { describe, expect, it, vi } from 'vitest'
import { CHIME_BURST_MS, createChime } from '../src/lib/alerts/chime'
import {
  desktopAlertsState,
  type NotificationApi,
  requestDesktopAlerts,
  showTicketNotification,
} from '../src/lib/alerts/desktopNotification'
import { tabTitle } from '../src/lib/alerts/tabTitle'
import { createWaitingWatch } from '../src/lib/alerts/waitingWatch'

const ME = 7

const ticket = (id: number, over: Partial<Ticket> = {}): Ticket => ({
  id,
  status: 'pending',
  contactId: id,
  contact: { id, name: `Customer ${id}`, number: `55119${id}`, email: '', isGroup: false } as Ticket['contact'],
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  whatsappId: 1,
  isGroup: false,
  lastMessage: 'Hello',
  unreadMessages: 1,
  updatedAt: '2026-01-15T10:00:00.000Z',
  createdAt: '2026-01-15T10:00:00.000Z',
  ...over,
})

const message = (t: Ticket, over: Partial<Message> = {}): AppMessageEvent => ({
  action: 'create',
  ticket: t,
  contact: t.contact,
  message: {
    id: `m${t.id}-${t.unreadMessages}`,
    ticketId: t.id,
    body: 'Hello',
    fromMe: false,
    read: false,
    mediaUrl: null,
    mediaType: 'chat',
    ack: 0,
    isDeleted: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...over,
  },
})

describe('which events are a new waiting ticket', () => {
  it("a customer's first message is news once, whichever of its two events comes first", () => {
    const watch = createWaitingWatch(ME)
    const t = ticket(1)
    expect(watch.onTicket({ action: 'update', ticket: t })).toBe(t)
    expect(watch.onMessage(message(t))).toBeNull()
    const other = ticket(2)
    expect(watch.onMessage(message(other))?.id).toBe(2)
    expect(watch.onTicket({ action: 'update', ticket: other })).toBeNull()
  })

  it("a waiting ticket's later messages are not news, nor are tickets already on screen", () => {
    const watch = createWaitingWatch(ME)
    const t = ticket(1)
    watch.onMessage(message(t))
    expect(watch.onMessage(message({ ...t, unreadMessages: 2 }))).toBeNull()
    watch.seed([ticket(3, { unreadMessages: 1 })])
    expect(watch.onMessage(message(ticket(3, { unreadMessages: 2 })))).toBeNull()
    // A waiting ticket the page never saw, with older unread messages: it was waiting already.
    expect(watch.onMessage(message(ticket(4, { unreadMessages: 5 })))).toBeNull()
  })

  it('open, closed and answered tickets are no news; a closed ticket the customer brings back is', () => {
    const watch = createWaitingWatch(ME)
    expect(watch.onTicket({ action: 'update', ticket: ticket(1, { status: 'open', userId: 3 }) })).toBeNull()
    expect(watch.onMessage(message(ticket(2, { status: 'open', userId: ME })))).toBeNull()
    watch.seed([ticket(5, { status: 'closed', unreadMessages: 0 })])
    expect(watch.onMessage(message(ticket(5, { unreadMessages: 1 })))?.id).toBe(5)
  })

  it("a colleague's transfer to a queue is news; the user's own return or transfer is not", () => {
    const watch = createWaitingWatch(ME)
    watch.seed([ticket(1, { status: 'open', userId: 3 }), ticket(2, { status: 'open', userId: ME })])
    expect(watch.onTicket({ action: 'update', ticket: ticket(1, { unreadMessages: 0 }) })?.id).toBe(1)
    expect(watch.onTicket({ action: 'update', ticket: ticket(2, { unreadMessages: 0 }) })).toBeNull()
  })

  it("the agent's own messages and the desk's automatic ones are no news", () => {
    const watch = createWaitingWatch(ME)
    expect(watch.onMessage(message(ticket(1), { fromMe: true }))).toBeNull()
    expect(watch.onMessage(message(ticket(2), { fromMe: true, automatic: true }))).toBeNull()
  })

  it('a deleted ticket is forgotten', () => {
    const watch = createWaitingWatch(ME)
    watch.onMessage(message(ticket(1)))
    watch.onTicket({ action: 'delete', ticketId: 1 })
    expect(watch.onMessage(message(ticket(1)))?.id).toBe(1)
  })
})

/** A fake AudioContext that records the notes played. */
function fakeAudio(initial: AudioContextState) {
  const started: number[] = []
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() })
  class FakeAudioContext {
    static made = 0
    state: AudioContextState = initial
    currentTime = 0
    destination = {} as AudioDestinationNode
    constructor() {
      FakeAudioContext.made += 1
    }
    resume = vi.fn(async () => {
      if (initial !== 'running') throw new Error('NotAllowedError')
    })
    createOscillator() {
      const frequency = param()
      return {
        type: 'sine',
        frequency,
        connect: vi.fn(),
        start: () => started.push(frequency.value),
        stop: vi.fn(),
      } as unknown as OscillatorNode
    }
    createGain() {
      return { gain: param(), connect: vi.fn() } as unknown as GainNode
    }
  }
  return { FakeAudioContext, started }
}

describe('the new-ticket chime', () => {
  it('is silent before the first interaction, then plays two short notes', () => {
    const { FakeAudioContext, started } = fakeAudio('running')
    let now = 0
    const chime = createChime({ AudioContext: FakeAudioContext, now: () => now })
    expect(chime.play()).toBe(false)
    expect(FakeAudioContext.made).toBe(0)
    now += CHIME_BURST_MS
    chime.unlock()
    expect(chime.play()).toBe(true)
    expect(started).toEqual([880, 1320])
  })

  it('rings once for a burst of new tickets', () => {
    const { FakeAudioContext, started } = fakeAudio('running')
    let now = 1_000_000
    const chime = createChime({ AudioContext: FakeAudioContext, now: () => now })
    chime.unlock()
    const rang = [chime.play(), chime.play(), chime.play()]
    now += CHIME_BURST_MS - 1
    rang.push(chime.play())
    now += CHIME_BURST_MS
    rang.push(chime.play())
    expect(rang).toEqual([true, false, false, false, true])
    expect(started).toHaveLength(4)
  })

  it('stays quiet, without an error, when the browser keeps the audio blocked or has none', () => {
    const { FakeAudioContext, started } = fakeAudio('suspended')
    const chime = createChime({ AudioContext: FakeAudioContext })
    chime.unlock()
    expect(chime.play()).toBe(false)
    expect(started).toEqual([])
    const none = createChime({})
    none.unlock()
    expect(none.play()).toBe(false)
  })
})

/** A fake Notification API that records what was shown. */
function fakeNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options?: NotificationOptions; instance: { onclick: (() => void) | null } }[] = []
  class FakeNotification {
    static permission = permission
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer
      return answer
    })
    onclick: (() => void) | null = null
    close = vi.fn()
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options, instance: this })
    }
  }
  return { api: FakeNotification as unknown as NotificationApi & typeof FakeNotification, shown }
}

describe('browser notifications', () => {
  const notice = { ticketId: 9, contactName: 'Maria Souza', preview: 'My order has not arrived' }

  it('show the contact and the preview only while the tab is hidden; a click focuses and opens the ticket', () => {
    const { api, shown } = fakeNotifications('granted')
    const open = vi.fn()
    const focus = vi.fn()
    expect(showTicketNotification(api, { hidden: false }, notice, open, focus)).toBe(false)
    expect(showTicketNotification(api, { hidden: true }, notice, open, focus)).toBe(true)
    expect(shown).toHaveLength(1)
    expect(shown[0]?.title).toBe('Maria Souza')
    expect(shown[0]?.options).toMatchObject({ body: 'My order has not arrived', tag: 'ticket-9' })
    shown[0]?.instance.onclick?.()
    expect(focus).toHaveBeenCalled()
    expect(open).toHaveBeenCalledWith(9)
  })

  it('are never shown without permission', () => {
    const { api, shown } = fakeNotifications('default')
    expect(showTicketNotification(api, { hidden: true }, notice, vi.fn(), vi.fn())).toBe(false)
    expect(showTicketNotification(undefined, { hidden: true }, notice, vi.fn(), vi.fn())).toBe(false)
    expect(shown).toEqual([])
  })

  it('turning them on asks the browser once; the bell shows the answer', async () => {
    const granted = fakeNotifications('default', 'granted').api
    expect(desktopAlertsState(granted, false)).toBe('off')
    expect(await requestDesktopAlerts(granted)).toBe(true)
    expect(granted.requestPermission).toHaveBeenCalledTimes(1)
    expect(desktopAlertsState(granted, true)).toBe('on')
    const refused = fakeNotifications('default', 'denied').api
    expect(await requestDesktopAlerts(refused)).toBe(false)
    expect(desktopAlertsState(refused, false)).toBe('blocked')
    expect(desktopAlertsState(undefined, true)).toBe('unsupported')
  })
})

describe('the tab title', () => {
  it('counts the conversations with unread messages, as WhatsApp Web does', () => {
    expect(tabTitle(0)).toBe('LimeDesk')
    expect(tabTitle(3)).toBe('(3) LimeDesk')
    expect(tabTitle(120)).toBe('(99+) LimeDesk')
  })
})
