import {
  BOT_KINDS,
  type BotAuditQuery,
  type BotAuditResponse,
  type BotConfig,
  type BotKind,
  BotKindSchema,
  type BotSwitch,
  type TicketBotsResponse,
} from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import { mergeAudiences } from '../../realtime/audience'
import type { Publisher } from '../../realtime/publisher'
import { actorCanSee, ticketNotFound } from '../tickets/access'
import { audienceOf, findTicket } from '../tickets/repository'
import { requireAdmin } from '../users/access'
import { type Actor, isAdmin } from '../users/repository'
import {
  AUDIT_PAGE,
  addAudit,
  contactByNumber,
  dropQueuedOf,
  findBotConfig,
  listAudit,
  listBotConfigs,
  saveBotConfig,
  setSwitch,
  switchesOf,
  ticketSightsOfContact,
} from './repository'

/** Stop words of a new bot configuration. */
export const DEFAULT_BOT_STOP_WORDS = 'SAIR,PARAR,STOP'

type ConfigRow = NonNullable<Awaited<ReturnType<typeof findBotConfig>>>
type SwitchRow = Awaited<ReturnType<typeof switchesOf>>[number]

export const isLive = (config: ConfigRow | undefined): config is ConfigRow =>
  Boolean(config && config.enabled === 1 && config.url && config.secret)

const toConfig = (kind: BotKind, row: ConfigRow | undefined): BotConfig => ({
  kind,
  url: row?.url ?? '',
  enabled: row?.enabled === 1,
  stopWords: row?.stopWords ?? DEFAULT_BOT_STOP_WORDS,
  hasSecret: Boolean(row?.secret),
  secretHint: row?.secret ? `…${row.secret.slice(-4)}` : null,
  updatedAt: row?.updatedAt ?? null,
})

const toSwitch = (kind: BotKind, row: SwitchRow | undefined, config: ConfigRow | undefined): BotSwitch => ({
  kind,
  state: (row?.state as BotSwitch['state'] | undefined) ?? 'off',
  configured: isLive(config),
  failedAt: row?.failedAt ?? null,
  error: row?.error ?? null,
})

/**
 * The bots' configuration (admins) and each contact's switches. Whoever may see one of a contact's
 * tickets may read and flip its switches; every flip is audited and heard live in the contact's
 * conversations.
 */
export const createBotsService = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  const configsByKind = async () => new Map((await listBotConfigs(db)).map((row) => [row.kind, row]))

  const switchOfContact = async (contactId: number, kind: BotKind): Promise<BotSwitch> => {
    const row = (await switchesOf(db, contactId)).find((r) => r.kind === kind)
    return toSwitch(kind, row, await findBotConfig(db, kind))
  }

  /**
   * Tells everyone who may see one of the contact's tickets (any of them, however old) how a switch
   * stands now: one event, naming the contact and its newest ticket.
   */
  const announce = async (contactId: number, kind: BotKind) => {
    const current = await switchOfContact(contactId, kind)
    const sights = await ticketSightsOfContact(db, contactId)
    if (!sights.length) return current
    const audiences = []
    for (const sight of sights) audiences.push(await audienceOf(db, sight))
    const ticketId = Math.max(...sights.map((s) => Number(s.latestId)))
    publisher.bot({ action: 'update', ticketId, contactId, switch: current }, mergeAudiences(...audiences))
    return current
  }

  /** The contact behind a number, when the caller may see one of its tickets. */
  const contactFor = async (actor: Actor, number: string) => {
    const contact = await contactByNumber(db, number)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    if (isAdmin(actor)) return contact
    for (const sight of await ticketSightsOfContact(db, contact.id)) {
      if (await actorCanSee(db, actor, sight)) return contact
    }
    throw new AppError('ERR_NO_PERMISSION', 403)
  }

  /** `GET /get…status/:number`: `ok` while the contact's bot is on, else `off` (also for an unknown number). */
  const status = async (actor: Actor, kind: BotKind, number: string): Promise<'ok' | 'off'> => {
    if (!(await contactByNumber(db, number))) return 'off'
    const contact = await contactFor(actor, number)
    return (await switchOfContact(contact.id, kind)).state === 'on' ? 'ok' : 'off'
  }

  /** `POST zdg…On|Off {msgFrom}`. Switching on needs the bot configured and enabled. */
  const toggle = async (actor: Actor, kind: BotKind, number: string, on: boolean) => {
    const contact = await contactFor(actor, number)
    if (on && !isLive(await findBotConfig(db, kind))) throw new AppError('ERR_BOT_NOT_CONFIGURED', 409)
    const now = nowIso()
    await setSwitch(db, contact.id, kind, on ? 'on' : 'off', now)
    if (!on) await dropQueuedOf(db, contact.id, [kind])
    await addAudit(db, { kind, action: on ? 'on' : 'off', contactId: contact.id, number, userId: actor.id }, now)
    const current = await announce(contact.id, kind)
    return { ...current, status: current.state === 'on' ? ('ok' as const) : ('off' as const), number }
  }

  /** `GET /tickets/:id/bots`: the six switches of the ticket's contact. */
  const ofTicket = async (actor: Actor, ticketId: number): Promise<TicketBotsResponse> => {
    const ticket = await findTicket(db, ticketId)
    if (!ticket) throw ticketNotFound()
    if (!(await actorCanSee(db, actor, ticket))) throw new AppError('ERR_NO_PERMISSION', 403)
    const rows = await switchesOf(db, ticket.contactId)
    const configs = await configsByKind()
    return {
      ticketId,
      contactId: ticket.contactId,
      number: ticket.contact.number ?? '',
      switches: BOT_KINDS.map((kind) =>
        toSwitch(
          kind,
          rows.find((r) => r.kind === kind),
          configs.get(kind),
        ),
      ),
    }
  }

  /** `POST /zdgGetWppId {ticketid}`: the ticket's connection, as the seed's screen reads it. */
  const connectionOf = async (actor: Actor, ticketId: number) => {
    const ticket = await findTicket(db, ticketId)
    if (!ticket) throw ticketNotFound()
    if (!(await actorCanSee(db, actor, ticket))) throw new AppError('ERR_NO_PERMISSION', 403)
    return { dbWpp: ticket.whatsappId === null ? [] : [{ whatsappId: ticket.whatsappId }] }
  }

  const listConfigs = async (actor: Actor): Promise<BotConfig[]> => {
    requireAdmin(actor)
    const configs = await configsByKind()
    return BOT_KINDS.map((kind) => toConfig(kind, configs.get(kind)))
  }

  const getConfig = async (actor: Actor, kind: BotKind): Promise<BotConfig> => {
    requireAdmin(actor)
    return toConfig(kind, await findBotConfig(db, kind))
  }

  /** `PUT /bots/:kind`: an empty secret keeps the stored one; an enabled bot needs a URL and a secret. */
  const updateConfig = async (
    actor: Actor,
    kind: BotKind,
    input: { url: string; secret?: string; enabled: boolean; stopWords?: string },
  ): Promise<BotConfig> => {
    requireAdmin(actor)
    const stored = await findBotConfig(db, kind)
    const secret = input.secret?.trim() || stored?.secret || ''
    const { enabled } = input
    if (enabled && !input.url) throw fieldError('url', 'validation.required')
    if (enabled && !secret) throw fieldError('secret', 'validation.required')
    const now = nowIso()
    await saveBotConfig(db, {
      kind,
      url: input.url,
      secret,
      enabled: enabled ? 1 : 0,
      stopWords: input.stopWords?.trim() ?? stored?.stopWords ?? DEFAULT_BOT_STOP_WORDS,
      updatedAt: now,
    })
    await addAudit(db, { kind, action: 'config', contactId: null, number: null, userId: actor.id }, now)
    return toConfig(kind, await findBotConfig(db, kind))
  }

  const audit = async (actor: Actor, query: BotAuditQuery): Promise<BotAuditResponse> => {
    requireAdmin(actor)
    const page = Number(query.pageNumber ?? 1)
    const rows = await listAudit(db, query.kind, page)
    return {
      entries: rows.slice(0, AUDIT_PAGE).map((r) => ({
        ...r,
        kind: BotKindSchema.parse(r.kind),
        action: r.action as BotAuditResponse['entries'][number]['action'],
      })),
      hasMore: rows.length > AUDIT_PAGE,
    }
  }

  return { status, toggle, ofTicket, connectionOf, listConfigs, getConfig, updateConfig, audit, announce }
}

export type BotsService = ReturnType<typeof createBotsService>
