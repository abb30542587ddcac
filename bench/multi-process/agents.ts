import { createSocket, type DeskSocket } from '../../packages/api-client/src/client/socket'
import type { TicketListResponse } from '../../packages/api-client/src/contract'
import { pathOf } from '../../packages/api-client/src/contract/endpoints'
import { type Call, sleep } from './api'

/** A stretch in which an agent's socket was away: events then are caught up by the refetch on reconnect. */
export interface Gap {
  from: number
  /** When the socket was back (Infinity while it is not). */
  to: number
}

/** How much earlier than its disconnect a message may be and still count as caught up (events in flight). */
export const IN_FLIGHT_MS = 1000

/**
 * How long after a fault that loses events silently (a Redis cut) ends the agent's client may be prompted to
 * catch up (a reconnect, whose refetch shows what it missed) for a message stored during the fault to count as
 * caught up rather than missed. A later reconnect for another reason (the next restart) does not count.
 */
export const CATCH_UP_GRACE_MS = 10_000

/**
 * One agent as the app behaves: one socket through the load balancer (polling, then WebSocket; reconnection
 * on), joining its notifications and the pending and open lists on every connect, fetching the ticket list
 * again after a reconnect, and connecting again after the server closed the socket (the app's one retry).
 * It notes every `appMessage` it hears for the run's messages (`mp#<n>` in the body) and, while the run
 * goes on, reads a ticket with unread messages every `readEveryMs` (which zeroes its counter).
 */
export class Agent {
  readonly heard = new Map<number, number>()
  /** Events the socket got: every `appMessage` and `ticket`, and run messages whose `create` came more than once. */
  readonly events = { appMessage: 0, ticket: 0, heardTwice: 0 }
  readonly gaps: Gap[] = []
  /** When the socket came back after each gap (each prompting a refetch). */
  readonly reconnects: number[] = []
  connects = 0
  connectErrors = 0
  reads = 0
  refetches = 0
  /** Whether the socket was connected when the run closed it. */
  connectedAtEnd = false
  /** Unread counters as the agent last saw them, by ticket. */
  private readonly unread = new Map<number, number>()
  private socket: DeskSocket | undefined
  private reading = false
  private closed = false

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly call: Call,
  ) {}

  get connected() {
    return Boolean(this.socket?.connected)
  }

  /** Opens the socket and resolves once it is connected and in its rooms. */
  async connect() {
    const socket = createSocket(this.baseUrl, this.token, { reconnection: true, reconnectionDelayMax: 2000 })
    this.socket = socket
    socket.on('connect', () => {
      this.connects++
      socket.emit('joinNotification')
      socket.emit('joinTickets', 'pending')
      socket.emit('joinTickets', 'open')
      const open = this.gaps.at(-1)
      if (!open || open.to !== Infinity) return
      open.to = Date.now()
      this.reconnects.push(open.to)
      void this.refetch()
    })
    socket.on('disconnect', (reason) => {
      if (this.closed) return
      this.gaps.push({ from: Date.now() - IN_FLIGHT_MS, to: Infinity })
      // socket.io does not come back by itself after the server closed the socket: the app asks again.
      if (reason === 'io server disconnect') setTimeout(() => !this.closed && socket.connect(), 1000)
    })
    socket.on('connect_error', () => {
      this.connectErrors++
      // A refused handshake is not retried by socket.io itself; the app tries again (after a refresh).
      if (!socket.active) setTimeout(() => !this.closed && socket.connect(), 1000)
    })
    socket.on('appMessage', (event) => {
      this.events.appMessage++
      if (event.action !== 'create') return
      this.unread.set(event.ticket.id, event.ticket.unreadMessages)
      const n = /mp#(\d+)\b/.exec(event.message.body)?.[1]
      if (n === undefined) return
      if (this.heard.has(Number(n))) this.events.heardTwice++
      else this.heard.set(Number(n), Date.now())
    })
    socket.on('ticket', (event) => {
      this.events.ticket++
      if (event.action === 'updateUnread') this.unread.set(event.ticketId, 0)
    })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: the socket did not connect within 20 s`)), 20_000)
      socket.once('connect', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  /** What the app does after a reconnect: the lists again (only the first page of each here). */
  private async refetch() {
    for (const status of ['pending', 'open']) {
      const path = `${pathOf('ticketList')}?status=${status}&pageNumber=1`
      const res = await this.call<TicketListResponse>('GET', path, undefined, this.token)
      if (res.status !== 200 || !res.body) continue
      this.refetches++
      for (const ticket of res.body.tickets) this.unread.set(ticket.id, ticket.unreadMessages)
    }
  }

  /** Reads a ticket with unread messages every `everyMs` until `stopReading`. */
  startReading(everyMs: number) {
    this.reading = true
    void (async () => {
      while (this.reading) {
        await sleep(everyMs)
        const waiting = [...this.unread].filter(([, n]) => n > 0).map(([id]) => id)
        if (!waiting.length) continue
        const ticketId = waiting[Math.floor(Math.random() * waiting.length)]!
        const res = await this.call('GET', pathOf('messageList', { ticketId }), undefined, this.token)
        if (res.status === 200) {
          this.reads++
          this.unread.set(ticketId, 0)
        }
      }
    })()
  }

  stopReading() {
    this.reading = false
  }

  /**
   * How the agent learnt of each stored message (`storedAt` by message number): `heard` by an event,
   * `caughtUp` (stored while its socket was away, from `IN_FLIGHT_MS` before the drop to the reconnect,
   * so the refetch the reconnect prompts shows it, or stored during one of `faults` or the `CATCH_UP_GRACE_MS`
   * after it, as events are lost until the link is subscribed again, with a reconnect after it within that
   * grace), or `missed` (neither: the agent's screen
   * never showed it without a manual reload).
   */
  learnt(storedAt: Map<number, number>, faults: Gap[] = []) {
    const promptedAfter = (at: number) =>
      faults.some(
        (fault) =>
          at >= fault.from - IN_FLIGHT_MS &&
          at <= fault.to + CATCH_UP_GRACE_MS &&
          this.reconnects.some((r) => r >= at - IN_FLIGHT_MS && r <= fault.to + CATCH_UP_GRACE_MS),
      )
    let heard = 0
    let caughtUp = 0
    const missed: number[] = []
    for (const [n, at] of storedAt) {
      if (this.heard.has(n)) heard++
      else if (this.gaps.some((gap) => at >= gap.from && at <= gap.to) || promptedAfter(at)) caughtUp++
      else missed.push(n)
    }
    return { heard, caughtUp, missed }
  }

  close() {
    if (this.closed) return
    this.connectedAtEnd = this.connected
    this.closed = true
    this.reading = false
    this.socket?.disconnect()
  }
}
