import { timingSafeEqual } from 'node:crypto'
import {
  canSendFreeText,
  type DirectData,
  type DirectEstimateResponse,
  type DirectRecipientCheck,
  InstagramWebhookPayload,
  type Job,
  normalUsername,
  replyWindowState,
  type SimulatorInboundResponse,
  type SimulatorInstagramInboundData,
  WebhookVerifyQuery,
} from '@desk/api-client'
import type { Db } from '../../db'
import { verifyCloudSignature } from '../../drivers/cloud-api'
import { InstagramDriver, instagramSettingsOf, simulatedIgsid } from '../../drivers/instagram'
import { AppError, parseInput } from '../../http/errors'
import { findConnectionDriver, listConnectionRows } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import type { BulkInput } from '../outreach/creation'
import { lastCustomerMessageAt } from '../tickets/repository/rows'
import { accountsByUsername } from './repository'

/** The seed's pace for Instagram direct (§9): 5 s plus a random 0–10 s before each message. */
export const DEFAULT_DIRECT_PACE = { minInterval: 5, maxInterval: 15 }

export interface InstagramServiceDeps {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  createJob(owner: number | null, kind: 'direct', input: BulkInput, payload: unknown): Promise<Job>
  /** Seconds before each direct message (tests make it quicker). */
  pace?: { minInterval: number; maxInterval: number }
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const refused = () => new AppError('ERR_NO_PERMISSION', 403)
const noConnection = (named: boolean) =>
  new AppError(
    'ERR_INSTAGRAM_NO_CONNECTION',
    400,
    named ? [{ path: 'ticketwhatsappId', message: 'validation.invalid' }] : undefined,
  )

/**
 * Instagram direct: the webhook of each Instagram connection (handshake and signed deliveries), the simulated
 * customer, and the seed's `/sendDirect` as a job to the user names the desk has seen on the connection, each
 * line reachable or skipped with its reason (`unknownUser`, `windowClosed`), never sent any other way.
 */
export const createInstagramService = (deps: InstagramServiceDeps) => {
  const { db, sessions } = deps

  /** The stored settings of an Instagram connection; any other id is `ERR_NO_WAPP_FOUND`. */
  const settingsOf = async (connectionId: number) => {
    const row = await findConnectionDriver(db, connectionId)
    if (row?.driver !== 'instagram') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return instagramSettingsOf(JSON.parse(row.config || '{}'))
  }

  /** The handshake: the challenge when the query subscribes with the connection's verify token; else 403. */
  const handshake = async (connectionId: number, query: unknown): Promise<string> => {
    const settings = await settingsOf(connectionId)
    const parsed = WebhookVerifyQuery.safeParse(query)
    if (!parsed.success || !settings.verifyToken || !sameText(parsed.data['hub.verify_token'], settings.verifyToken)) {
      throw refused()
    }
    return parsed.data['hub.challenge']
  }

  /** The running driver of an Instagram connection (503 while it runs nowhere, so Meta delivers again). */
  const running = async (connectionId: number) => {
    const driver = await sessions.driver(connectionId)
    if (!(driver instanceof InstagramDriver) || !driver.isConnected()) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    }
    return driver
  }

  /** A delivery: its signature over the raw body is checked with the app secret before anything is read. */
  const deliver = async (connectionId: number, raw: Buffer, signature: string | undefined) => {
    const settings = await settingsOf(connectionId)
    if (!verifyCloudSignature(raw, signature, settings.appSecret ?? '')) throw refused()
    const payload = parseInput(InstagramWebhookPayload, JSON.parse(raw.toString('utf8')))
    return (await running(connectionId)).handleWebhook(payload)
  }

  /** A simulated customer writes to a connection on the Simulator provider, as Meta's webhook would bring it. */
  const simulatedInbound = async (
    connectionId: number,
    input: SimulatorInstagramInboundData,
  ): Promise<SimulatorInboundResponse> => {
    const settings = await settingsOf(connectionId)
    if (settings.provider !== 'simulator') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await running(connectionId)
    const username = normalUsername(input.username)
    const igsid = simulatedIgsid(connectionId, username)
    const mid = input.providerMessageId ?? `simig_in_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`
    return (await driver.receive(
      {
        providerMessageId: mid,
        from: igsid,
        isGroup: false,
        body: input.body,
        mediaType: 'chat',
        story: input.story,
        instagram: { igsid },
      },
      { username, name: input.name },
    )) as SimulatorInboundResponse
  }

  /**
   * The Instagram connection a direct job goes through: the one named (which must be Instagram), else the
   * default when it is Instagram, else the oldest connected Instagram connection, else the oldest one.
   */
  const connectionFor = async (named: number | undefined) => {
    if (named !== undefined) {
      const row = await findConnectionDriver(db, named)
      if (row?.driver !== 'instagram') throw noConnection(true)
      return named
    }
    const rows = (await listConnectionRows(db)).filter((r) => r.driver === 'instagram')
    const chosen =
      rows.find((r) => r.isDefault === 1) ??
      [...rows].sort((a, b) => a.id - b.id).find((r) => r.status === 'CONNECTED') ??
      [...rows].sort((a, b) => a.id - b.id)[0]
    if (!chosen) throw noConnection(false)
    return chosen.id
  }

  /** Each line as the desk can reach it now: a user name it saw whose window is open, or why not. */
  const check = async (connectionId: number, lines: string[], now = new Date()) => {
    const names = lines.map(normalUsername)
    const accounts = await accountsByUsername(db, connectionId, [...new Set(names)])
    const byName = new Map(accounts.map((a) => [a.username ?? '', a]))
    const seen = new Set<string>()
    const checks: Array<DirectRecipientCheck & { igsid: string | null }> = []
    for (const [index, entry] of lines.entries()) {
      const name = names[index] ?? ''
      const account = byName.get(name)
      if (seen.has(name)) {
        checks.push({ entry, state: 'duplicate', name: account?.name ?? null, until: null, igsid: null })
        continue
      }
      seen.add(name)
      if (!account) {
        checks.push({ entry, state: 'unknownUser', name: null, until: null, igsid: null })
        continue
      }
      const window = replyWindowState(
        'instagram',
        await lastCustomerMessageAt(db, account.contactId, connectionId),
        now,
      )
      const open = canSendFreeText(window, false)
      const until = window.state === 'open' ? window.until : window.state === 'closed' ? window.closedAt : null
      checks.push({
        entry,
        state: open ? 'reachable' : 'windowClosed',
        name: account.name,
        until: open ? until : window.state === 'human-agent' ? null : until,
        igsid: open ? account.igsid : null,
      })
    }
    return checks
  }

  /** `POST /instagram/direct/estimate`: "N of M can be messaged now", and why the others cannot. */
  const estimate = async (input: { ticketwhatsappId?: number; userIg: string[] }): Promise<DirectEstimateResponse> => {
    let connectionId: number
    try {
      connectionId = await connectionFor(input.ticketwhatsappId)
    } catch (error) {
      if (input.ticketwhatsappId !== undefined) throw error
      const recipients = input.userIg.map((entry) => ({
        entry,
        state: 'unknownUser' as const,
        name: null,
        until: null,
      }))
      return { connectionId: null, total: recipients.length, reachable: 0, recipients }
    }
    const checks = (await check(connectionId, input.userIg)).map(({ igsid: _igsid, ...rest }) => rest)
    return {
      connectionId,
      total: checks.length,
      reachable: checks.filter((c) => c.state === 'reachable').length,
      recipients: checks,
    }
  }

  /** `POST /sendDirect`: a job to every line, the unreachable ones skipped with their reason. */
  const send = async (owner: number | null, input: DirectData): Promise<Job> => {
    const connectionId = await connectionFor(input.ticketwhatsappId)
    const checks = await check(connectionId, input.userIg)
    const pace = deps.pace ?? DEFAULT_DIRECT_PACE
    return deps.createJob(
      owner,
      'direct',
      {
        ticketwhatsappId: connectionId,
        numbers: input.userIg,
        minInterval: pace.minInterval,
        maxInterval: Math.max(pace.minInterval, pace.maxInterval),
        isGroup: false,
        planned: checks.map((c) => ({
          entry: c.entry,
          address: c.igsid,
          reason: c.state === 'reachable' ? null : c.state,
        })),
      },
      { message: input.message },
    )
  }

  return { handshake, deliver, simulatedInbound, estimate, send }
}

export type InstagramService = ReturnType<typeof createInstagramService>
