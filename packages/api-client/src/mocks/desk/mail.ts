import { HttpResponse } from 'msw'
import {
  CHAT_EXPORT_FILE_NAMES,
  type ExportFormat,
  type MailOutboxItem,
  type MailSettings,
  type Ticket,
  TicketEmailRequest,
} from '../../contract'
import { chatToCsv } from '../../rules'
import type { MockDb } from '../db'
import { callerOf, type DeskHandlerContext, fail, isAdmin, MOCK_NOW, parseData, stamp } from '../support'

/** The mail fixtures: an SMTP server set by an admin, and two mails that could not be delivered. */
export const mailFixtures = {
  settings: {
    host: 'smtp.example.com',
    port: 587,
    secure: false,
    user: 'desk@example.com',
    hasPassword: true,
    sender: 'desk@example.com',
    notifyTo: 'support-leads@example.com',
    sendOnClose: true,
    sendTranscript: true,
    source: 'settings',
  } satisfies MailSettings,
  failed: [
    {
      id: 12,
      kind: 'close-summary',
      ticketId: 1,
      recipient: 'marina@example.com',
      subject: 'Conversation #1 closed - protocol 176084460000',
      state: 'failed',
      attempts: 5,
      lastError: '451 Mailbox unavailable, try later',
      createdAt: '2026-01-15T09:12:00.000Z',
      updatedAt: '2026-01-15T10:02:00.000Z',
    },
    {
      id: 9,
      kind: 'conversation',
      ticketId: 3,
      recipient: 'boss@example.com',
      subject: 'Conversation #3 - Paulo Mendes',
      state: 'failed',
      attempts: 5,
      lastError: 'Connection timeout',
      createdAt: '2026-01-14T16:40:00.000Z',
      updatedAt: '2026-01-14T17:45:00.000Z',
    },
  ] satisfies MailOutboxItem[],
}

interface MailState {
  settings: MailSettings
  failed: MailOutboxItem[]
  nextId: number
  protocols: number
}

/** Mail state per mock db (beside it, so a fresh db starts from the fixtures). */
const states = new WeakMap<MockDb, MailState>()
const stateOf = (db: MockDb): MailState => {
  let state = states.get(db)
  if (!state) {
    state = {
      settings: { ...mailFixtures.settings },
      failed: structuredClone(mailFixtures.failed),
      nextId: 100,
      protocols: 0,
    }
    states.set(db, state)
  }
  return state
}

/** What the export gives: the ticket's heading, then a line for its last message. */
const exported = (format: ExportFormat, ticket: Ticket) =>
  format === 'csv'
    ? chatToCsv([
        {
          createdAt: ticket.updatedAt,
          sender: ticket.contact.name,
          fromMe: false,
          mediaType: 'chat',
          body: ticket.lastMessage ?? '',
        },
      ])
    : `Ticket #${ticket.id} - ${ticket.contact.name}\r\nTimes in UTC\r\n\r\n[${ticket.updatedAt.slice(0, 19).replace('T', ' ')}] ${ticket.contact.name}: ${ticket.lastMessage ?? ''}\r\n`

/**
 * The protocol close, chat export and e-mail routes as the server answers them: SMTP settings, test mail, the
 * failed outbox and its retry (admins); a conversation closed with a protocol number, exported or e-mailed.
 * A test mail to an address with "fail" in it is refused as an SMTP server would (502 `ERR_MAIL_FAILED`).
 */
export function mailHandlers({ db, route, wait }: DeskHandlerContext) {
  const signedIn = async (request: Request, adminOnly = false) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me
    return adminOnly && !isAdmin(me.user) ? { response: fail(403, 'ERR_NO_PERMISSION') } : me
  }
  const ticketOf = (id: unknown) => db.tickets.findIndex((t) => t.id === Number(id))

  return [
    route('mailSettingsGet', async ({ request }) => {
      const me = await signedIn(request, true)
      return me.response ?? HttpResponse.json(stateOf(db).settings)
    }),
    route('mailSettingsUpdate', async ({ request, body }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const state = stateOf(db)
      const { password, ...rest } = data
      const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
      const next = { ...state.settings, ...defined } as MailSettings
      if (password === null) next.hasPassword = false
      else if (password) next.hasPassword = true
      next.source = next.host ? 'settings' : 'none'
      state.settings = next
      return HttpResponse.json(next)
    }),
    route('mailTest', async ({ request, body }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      if (stateOf(db).settings.source === 'none') return fail(409, 'ERR_MAIL_NOT_CONFIGURED')
      if (data.to.includes('fail')) return fail(502, 'ERR_MAIL_FAILED', { message: '550 Mailbox not found' })
      return HttpResponse.json({ ok: true })
    }),
    route('mailOutbox', async ({ request }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const state = new URL(request.url).searchParams.get('state') ?? 'failed'
      return HttpResponse.json(state === 'failed' ? stateOf(db).failed : [])
    }),
    route('mailRetry', async ({ request, params }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const state = stateOf(db)
      const id = Number(params.id)
      if (!state.failed.some((m) => m.id === id)) return fail(404, 'ERR_NOT_FOUND')
      state.failed = state.failed.filter((m) => m.id !== id)
      return HttpResponse.json({ id, state: 'queued' })
    }),
    route('ticketProtocol', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const index = ticketOf(params.id)
      if (index < 0) return fail(404, 'ERR_NO_TICKET_FOUND')
      const before = db.tickets[index]!
      if (before.status !== 'open') return fail(409, 'ERR_TICKET_NOT_OPEN')
      const state = stateOf(db)
      const protocol = `${Math.floor(MOCK_NOW / 1000)}${String(state.protocols++).padStart(2, '0')}`
      const ticket: Ticket = { ...before, status: 'closed', protocol, updatedAt: stamp(db) }
      db.tickets[index] = ticket
      return HttpResponse.json({ protocol, ticket })
    }),
    route('ticketExport', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const ticket = db.tickets[ticketOf(params.id)]
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      const format: ExportFormat = new URL(request.url).searchParams.get('format') === 'txt' ? 'txt' : 'csv'
      return new HttpResponse(exported(format, ticket), {
        headers: {
          'content-type': `${format === 'csv' ? 'text/csv' : 'text/plain'}; charset=utf-8`,
          'content-disposition': `attachment; filename="${CHAT_EXPORT_FILE_NAMES[format]}"`,
        },
      })
    }),
    route('ticketEmail', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const ticket = db.tickets[ticketOf(params.id)]
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      // The body may be left out: the contact's address then.
      const { data, response } = parseData(await request.json().catch(() => ({})), TicketEmailRequest)
      if (response) return response
      if (!data.to && !ticket.contact.email) {
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'to', message: 'validation.required' }] })
      }
      const state = stateOf(db)
      return HttpResponse.json({ id: state.nextId++, state: 'queued' })
    }),
  ]
}
