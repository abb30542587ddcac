import { HttpResponse } from 'msw'
import { BOT_KINDS, type BotAuditEntry, type BotConfig, type BotKind, type BotSwitch } from '../../contract'
import type { MockDb } from '../db'
import { callerOf, type DeskHandlerContext, fail, isAdmin, stamp } from '../support'

interface BotState {
  configs: Map<BotKind, BotConfig>
  /** `number:kind` → state. */
  switches: Map<string, BotSwitch['state']>
  audit: BotAuditEntry[]
}

/** Bot state per mock db (kept beside it, so `db.reset()` callers get a fresh one with a fresh db). */
const states = new WeakMap<MockDb, BotState>()
const stateOf = (db: MockDb): BotState => {
  let state = states.get(db)
  if (!state) {
    const configs = new Map<BotKind, BotConfig>(
      BOT_KINDS.map((kind) => [
        kind,
        {
          kind,
          url: kind === 'n8n' ? 'https://n8n.example.com/webhook/desk' : '',
          enabled: kind === 'n8n',
          stopWords: 'SAIR,PARAR,STOP',
          hasSecret: kind === 'n8n',
          secretHint: kind === 'n8n' ? '…k3y9' : null,
          updatedAt: null,
        },
      ]),
    )
    state = { configs, switches: new Map(), audit: [] }
    states.set(db, state)
  }
  return state
}

const suffix = (kind: BotKind) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`

/** The bot routes as the server answers them: switches per contact number, configs (admins), test console, audit. */
export function botHandlers({ db, route, wait }: DeskHandlerContext) {
  const signedIn = async (request: Request, adminOnly = false) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me
    return adminOnly && !isAdmin(me.user) ? { response: fail(403, 'ERR_NO_PERMISSION') } : me
  }
  const switchOf = (number: string, kind: BotKind): BotSwitch => {
    const state = stateOf(db)
    return {
      kind,
      state: state.switches.get(`${number}:${kind}`) ?? 'off',
      configured: Boolean(state.configs.get(kind)?.enabled),
      failedAt: null,
      error: null,
    }
  }
  const toggles = BOT_KINDS.flatMap((kind) =>
    ([true, false] as const).map((on) =>
      route(`bot${on ? 'On' : 'Off'}${suffix(kind)}` as 'botOnN8n', async ({ request, body }) => {
        const me = await signedIn(request)
        if (me.response) return me.response
        const { data, response } = await body()
        if (response) return response
        const state = stateOf(db)
        if (on && !state.configs.get(kind)?.enabled) return fail(409, 'ERR_BOT_NOT_CONFIGURED')
        state.switches.set(`${data.msgFrom}:${kind}`, on ? 'on' : 'off')
        state.audit.unshift({
          id: state.audit.length + 1,
          kind,
          action: on ? 'on' : 'off',
          number: data.msgFrom,
          userId: me.user.id,
          userName: me.user.name,
          createdAt: stamp(db),
        })
        return HttpResponse.json({ ...switchOf(data.msgFrom, kind), status: on ? 'ok' : 'off', number: data.msgFrom })
      }),
    ),
  )
  const statuses = BOT_KINDS.map((kind) =>
    route(`botStatus${suffix(kind)}` as 'botStatusN8n', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      return HttpResponse.text(switchOf(String(params.number), kind).state === 'on' ? 'ok' : 'off')
    }),
  )
  return [
    ...statuses,
    ...toggles,
    route('ticketBots', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const ticket = db.tickets.find((t) => t.id === Number(params.id))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      const number = ticket.contact.number ?? ''
      return HttpResponse.json({
        ticketId: ticket.id,
        contactId: ticket.contactId,
        number,
        switches: BOT_KINDS.map((kind) => switchOf(number, kind)),
      })
    }),
    route('ticketConnection', async ({ request, body }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const ticket = db.tickets.find((t) => t.id === data.ticketid)
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      return HttpResponse.json({ dbWpp: ticket.whatsappId === null ? [] : [{ whatsappId: ticket.whatsappId }] })
    }),
    route('botConfigList', async ({ request }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      return HttpResponse.json([...stateOf(db).configs.values()])
    }),
    route('botConfigGet', async ({ request, params }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      return HttpResponse.json(stateOf(db).configs.get(params.kind as BotKind))
    }),
    route('botConfigUpdate', async ({ request, params, body }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const kind = params.kind as BotKind
      const stored = stateOf(db).configs.get(kind)!
      const secret = data.secret || (stored.hasSecret ? 'kept' : '')
      if (data.enabled && !data.url)
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'url', message: 'validation.required' }] })
      if (data.enabled && !secret) {
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'secret', message: 'validation.required' }] })
      }
      const saved: BotConfig = {
        kind,
        url: data.url,
        enabled: data.enabled,
        stopWords: data.stopWords ?? stored.stopWords,
        hasSecret: Boolean(secret),
        secretHint: data.secret ? `…${data.secret.slice(-4)}` : stored.secretHint,
        updatedAt: stamp(db),
      }
      stateOf(db).configs.set(kind, saved)
      return HttpResponse.json(saved)
    }),
    route('botTest', async ({ request, body }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      return HttpResponse.json({
        ok: true,
        status: 200,
        latencyMs: 42,
        replies: [{ text: `Echo: ${data.text}` }],
        error: null,
      })
    }),
    route('botAudit', async ({ request }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      return HttpResponse.json({ entries: stateOf(db).audit, hasMore: false })
    }),
    route('botReply', async () => fail(403, 'ERR_NO_PERMISSION')),
  ]
}
