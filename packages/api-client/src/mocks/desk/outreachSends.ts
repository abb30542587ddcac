import { HttpResponse } from 'msw'
import type { z } from 'zod'
import {
  BulkAudioRequest,
  BulkFileRequest,
  BulkMediaRequest,
  BulkTextRequest,
  type ConnectionDetail,
  DirectEstimateRequest,
  type DirectRecipientCheck,
  DirectRequest,
  type Job,
  type JobKind,
  type JobTemplateData,
  normalUsername,
  recipientPlanner,
  ScheduleRequest,
  SingleTextRequest,
  SmsRequest,
  SyncMessageRequest,
  smsSegments,
  toRecipientAddress,
  VoiceCallRequest,
} from '../../contract'
import type { MockDb } from '../db'
import { answerOf, callerOf, type DeskHandlerContext, fail, parseBody, stamp } from '../support'

/** Instagram user names the mock desk has seen, with their reply window (open or closed). */
export const MOCK_INSTAGRAM_USERS: Record<string, 'open' | 'closed'> = {
  'ana.moda': 'open',
  bia: 'open',
  'carla.store': 'open',
  gabi: 'closed',
}

type Pace = { minInterval: number; maxInterval: number; startAt?: string; window?: Job['window']; dailyCap?: number }

/** A queued or running job as the server creates it, with its recipients queued in list order. */
const createJob = (
  db: MockDb,
  kind: JobKind,
  userId: number,
  connectionId: number,
  entries: string[],
  pace: Pace,
  isGroup = false,
  keepAsTyped: string[] = [],
  /** Recipients the caller planned itself (Instagram's user names), used instead of the number rule. */
  plannedBy?: (entry: string) => { entry: string; address: string | null; reason: string | null },
  /** The lines carry columns after the number (`number;name;order`, a template's variables). */
  columns = false,
) => {
  const now = stamp(db)
  // Planned as the server plans it: repeats and lines that are no address are skipped at once.
  const plan = plannedBy ?? recipientPlanner(isGroup, keepAsTyped, columns)
  const planned = entries.map((entry) => plan(entry))
  const job: Job = {
    id: db.nextId++,
    kind,
    status: pace.startAt ? 'queued' : 'running',
    total: entries.length,
    sent: 0,
    failed: 0,
    skipped: planned.filter((p) => p.reason !== null).length,
    uncertain: 0,
    connectionId,
    userId,
    minInterval: pace.minInterval,
    maxInterval: pace.maxInterval,
    pauseReason: null,
    waitingReason: pace.startAt ? 'startAt' : null,
    nextRunAt: pace.startAt ?? now,
    startAt: pace.startAt ?? null,
    estimatedEndAt: null,
    window: pace.window ?? null,
    dailyCap: pace.dailyCap ?? null,
    error: null,
    createdAt: now,
    finishedAt: null,
  }
  db.jobs.unshift(job)
  planned.forEach(({ entry, address, reason }, index) => {
    db.jobRecipients.push({
      jobId: job.id,
      id: db.nextId++,
      position: index + 1,
      entry,
      address,
      state: reason ? 'skipped' : 'queued',
      reason,
      providerMessageId: null,
      updatedAt: now,
    })
  })
  return job
}

/** Kinds that send free text or media, which the official API takes only inside the window or as a template. */
const FREE_FORM_KINDS: readonly JobKind[] = ['bulkText', 'bulkMedia', 'bulkFile', 'bulkAudio']
const MEDIA_HEADERS = ['IMAGE', 'VIDEO', 'DOCUMENT']

/**
 * The official API's rules for a free-form job, as the server's job creation applies them: on a Cloud API
 * connection it needs an approved template of that connection with every variable mapped (a media header only on
 * media by URL) or `openWindowsOnly`, else `ERR_TEMPLATE_REQUIRED`. With a template the lines carry columns
 * (`number;name;order`) and the address is the first one's; other connections ignore both.
 */
const officialCheck = (
  db: MockDb,
  connection: { id: number; driver?: string },
  kind: JobKind,
  body: { template?: JobTemplateData; openWindowsOnly?: boolean },
): { response: ReturnType<typeof fail> } | { columns: boolean } => {
  if (!FREE_FORM_KINDS.includes(kind) || connection.driver !== 'cloud-api') return { columns: false }
  const { template } = body
  if (!template) {
    return body.openWindowsOnly
      ? { columns: false }
      : {
          response: fail(409, 'ERR_TEMPLATE_REQUIRED', {
            fields: [{ path: 'template', message: 'validation.required' }],
          }),
        }
  }
  const found = db.templates.find((t) => t.id === template.templateId && t.connectionId === connection.id)
  if (!found) return { response: fail(404, 'ERR_NO_TEMPLATE_FOUND') }
  if (found.status !== 'APPROVED') return { response: fail(409, 'ERR_TEMPLATE_NOT_APPROVED') }
  const unmapped = found.variables.filter((v) => !template.variables[v.key])
  const misplacedMedia = found.header !== null && MEDIA_HEADERS.includes(found.header.format) && kind !== 'bulkMedia'
  if (unmapped.length || misplacedMedia) {
    return {
      response: fail(400, 'ERR_VALIDATION', {
        fields: [
          ...unmapped.map((v) => ({ path: `template.variables.${v.key}`, message: 'validation.required' })),
          ...(misplacedMedia ? [{ path: 'template.templateId', message: 'validation.invalid' }] : []),
        ],
      }),
    }
  }
  return { columns: true }
}

/**
 * The sending routes: /zdg (a list makes a job, one `number` is sent at once), the media, file and
 * audio sends, the history import, the scheduled start, and the dispatch ids.
 */
export function sendHandlers({ db, route, wait }: DeskHandlerContext) {
  /** The caller and the connected connection the body names, or the answer to send. */
  const dispatchOf = async (request: Request, schema: z.ZodType) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return { response: me.response }
    const { data, response } = await parseBody(request, schema)
    if (response) return { response }
    const body = data as { ticketwhatsappId: number }
    const connection = db.connections.find((c) => c.id === body.ticketwhatsappId)
    if (!connection) return { response: fail(404, 'ERR_NO_WAPP_FOUND') }
    if (connection.status !== 'CONNECTED') return { response: fail(400, 'ERR_WAPP_NOT_INITIALIZED') }
    return { me: me.user, connectionId: connection.id, data }
  }
  /**
   * The same job asked for by the same person within a minute is refused, as the server does. The record is the
   * db's, so `reset()` clears it: a story run again (its retry) sends again.
   */
  const bulkJob = async (request: Request, kind: JobKind, schema: z.ZodType) => {
    const { me, connectionId, data, response } = await dispatchOf(request, schema)
    if (response) return response
    const body = data as Pace & {
      numbers: string[]
      isGroup?: boolean
      keepAsTyped?: string[]
      template?: JobTemplateData
      openWindowsOnly?: boolean
    }
    const connection = db.connections.find((c) => c.id === connectionId) as { id: number; driver?: string }
    const official = officialCheck(db, connection, kind, body)
    if ('response' in official) return official.response
    const { minInterval: _min, maxInterval: _max, ...what } = body
    const digest = JSON.stringify([me.id, kind, what])
    if (Date.now() - (db.sendsAskedAt.get(digest) ?? Number.NEGATIVE_INFINITY) < 60_000)
      return fail(409, 'ERR_OUTREACH_JOB_REPEATED')
    db.sendsAskedAt.set(digest, Date.now())
    return answerOf(
      'bulkMedia',
      createJob(
        db,
        kind,
        me.id,
        connectionId,
        body.numbers,
        body,
        body.isGroup,
        body.keepAsTyped,
        undefined,
        official.columns,
      ),
      { status: 202 },
    )
  }
  /**
   * /SMS and /VoiceCall: the telephony connection that sends from `from` (its number or Messaging
   * Service SID) runs the job, about 5 s a number; an SMS job counts its segments.
   */
  const telephonyJob = async (request: Request, kind: 'sms' | 'voiceCall') => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    const { data, response } = await parseBody(request, kind === 'sms' ? SmsRequest : VoiceCallRequest)
    if (response) return response
    const connection = db.connections.find(
      (c) =>
        c.driver === 'telephony' &&
        ((c as ConnectionDetail).telephony?.fromNumber === data.from ||
          (c as ConnectionDetail).telephony?.messagingServiceSid === data.from),
    )
    if (!connection) return fail(400, 'ERR_TELEPHONY_SENDER_UNKNOWN')
    if (connection.status !== 'CONNECTED') return fail(400, 'ERR_WAPP_NOT_INITIALIZED')
    const job = createJob(db, kind, me.user.id, connection.id, data.to, { minInterval: 5, maxInterval: 5 })
    if (kind === 'sms') job.segments = smsSegments(data.text).segments * (job.total - job.skipped)
    return answerOf(kind === 'sms' ? 'sendSms' : 'makeVoiceCall', job, { status: 202 })
  }
  /** Each user name as the mock desk can reach it (see `MOCK_INSTAGRAM_USERS`), repeats skipped. */
  const checkNames = (lines: string[]): DirectRecipientCheck[] => {
    const seen = new Set<string>()
    return lines.map((entry) => {
      const name = normalUsername(entry)
      const known = MOCK_INSTAGRAM_USERS[name]
      const state = seen.has(name)
        ? 'duplicate'
        : !known
          ? 'unknownUser'
          : known === 'open'
            ? 'reachable'
            : 'windowClosed'
      seen.add(name)
      return { entry, state, name: known ? `@${name}` : null, until: null }
    })
  }
  const instagramOf = (id: number | undefined) =>
    db.connections.find((c) => c.driver === 'instagram' && (id === undefined || c.id === id))
  const bulk = (name: 'bulkMedia' | 'bulkFile' | 'bulkAudio', kind: JobKind, schema: z.ZodType) =>
    route(name, ({ request }) => bulkJob(request, kind, schema))

  return [
    route('dispatchConnections', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      return me.response ?? HttpResponse.json(db.connections.map(({ id, status }) => ({ id, status })))
    }),
    route('bulkText', async ({ request }) => {
      const json = await request
        .clone()
        .json()
        .catch(() => undefined)
      const single = typeof json === 'object' && json !== null && 'number' in json && !('numbers' in json)
      if (!single) return bulkJob(request, 'bulkText', BulkTextRequest)
      const { data, response } = await dispatchOf(request, SingleTextRequest)
      if (response) return response
      const address = toRecipientAddress((data as { number: string }).number)
      return HttpResponse.json({ status: 'sent', address, providerMessageId: `MOCK${db.nextId++}`, reason: null })
    }),
    route('directEstimate', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const { data, response } = await parseBody(request, DirectEstimateRequest)
      if (response) return response
      const connection = instagramOf(data.ticketwhatsappId)
      const recipients = checkNames(data.userIg)
      return answerOf('directEstimate', {
        connectionId: connection?.id ?? null,
        total: recipients.length,
        reachable: connection ? recipients.filter((r) => r.state === 'reachable').length : 0,
        recipients,
      })
    }),
    route('sendDirect', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const { data, response } = await parseBody(request, DirectRequest)
      if (response) return response
      const connection = instagramOf(data.ticketwhatsappId)
      if (!connection) return fail(400, 'ERR_INSTAGRAM_NO_CONNECTION')
      const checks = new Map(checkNames(data.userIg).map((c) => [c.entry, c]))
      const pace = { minInterval: 5, maxInterval: 15 }
      const job = createJob(db, 'direct', me.user.id, connection.id, data.userIg, pace, false, [], (entry) => {
        const state = checks.get(entry)?.state ?? 'unknownUser'
        return state === 'reachable'
          ? { entry, address: `1784${entry.length}`, reason: null }
          : { entry, address: null, reason: state }
      })
      return answerOf('sendDirect', job, { status: 202 })
    }),
    route('sendSms', ({ request }) => telephonyJob(request, 'sms')),
    route('makeVoiceCall', ({ request }) => telephonyJob(request, 'voiceCall')),
    bulk('bulkMedia', 'bulkMedia', BulkMediaRequest),
    bulk('bulkFile', 'bulkFile', BulkFileRequest),
    bulk('bulkAudio', 'bulkAudio', BulkAudioRequest),
    route('syncMessage', async ({ request }) => {
      const { me, connectionId, response } = await dispatchOf(request, SyncMessageRequest)
      if (response) return response
      return HttpResponse.json(
        createJob(db, 'syncMessage', me.id, connectionId, [], { minInterval: 0, maxInterval: 0 }),
        {
          status: 202,
        },
      )
    }),
    route('scheduleStart', async ({ request }) => {
      const { connectionId, data, response } = await dispatchOf(request, ScheduleRequest)
      if (response) return response
      const day = (data as { dataEnvio: string }).dataEnvio
      const started = db.jobs.filter(
        (j) => j.connectionId === connectionId && j.status === 'queued' && j.startAt?.startsWith(day),
      )
      for (const job of started) Object.assign(job, { status: 'running', waitingReason: null, updatedAt: stamp(db) })
      return HttpResponse.json({ jobs: started })
    }),
  ]
}
