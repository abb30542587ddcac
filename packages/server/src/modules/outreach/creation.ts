import { createHash } from 'node:crypto'
import { type Job, type JobKind, type JobTemplateData, recipientPlanner, type SendingWindow } from '@desk/api-client'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import type { TemplatesService } from '../templates/service'
import { toJob } from './mapping'
import {
  claimSubmission,
  deleteJob,
  findJobRow,
  insertCounted,
  insertJob,
  type NewRecipient,
  releaseSubmission,
  updateJobIf,
} from './repository'
import type { OutreachWork } from './work'

/** What every bulk body carries besides its kind's payload (see `bulkBase` in the contract). */
export interface BulkInput {
  ticketwhatsappId: number
  numbers: string[]
  /** Numbers the seed's rule leaves as typed in this job (see `recipientPlanner`). */
  keepAsTyped?: string[]
  minInterval: number
  maxInterval: number
  isGroup: boolean
  startAt?: string
  window?: SendingWindow
  dailyCap?: number
  /**
   * Recipients the caller planned itself (a group job: the groups, or their people), used instead of
   * planning `numbers` line by line; a skipped one carries its reason.
   */
  planned?: ReadonlyArray<{ entry: string; address: string | null; reason: string | null }>
}

const CHUNK = 2000

/**
 * Turns list lines into recipients a chunk at a time: the address after the seed's rules, or
 * skipped as `invalid` (not an address) or `duplicate` (an earlier line has the same address).
 */
export function* recipientChunks(
  numbers: readonly string[],
  isGroup: boolean,
  keepAsTyped: readonly string[] = [],
  columns = false,
) {
  const plan = recipientPlanner(isGroup, keepAsTyped, columns)
  for (let start = 0; start < numbers.length; start += CHUNK) {
    yield numbers.slice(start, start + CHUNK).map((line, i): NewRecipient => {
      const { entry, address, reason } = plan(line)
      const position = start + i + 1
      return reason
        ? { position, entry, address: null, state: 'skipped', reason }
        : { position, entry, address, state: 'queued', reason: null }
    })
  }
}

/** Planned recipients (see `BulkInput.planned`) a chunk at a time. */
function* plannedChunks(planned: NonNullable<BulkInput['planned']>) {
  for (let start = 0; start < planned.length; start += CHUNK) {
    yield planned.slice(start, start + CHUNK).map(
      ({ entry, address, reason }, i): NewRecipient => ({
        position: start + i + 1,
        entry,
        address: reason ? null : address,
        state: reason ? 'skipped' : 'queued',
        reason,
      }),
    )
  }
}

/** The templates a job may send. */
export type JobTemplates = Pick<TemplatesService, 'sendable'>

/** Kinds that send free text or media, which the official API takes only inside the window or as a template. */
const FREE_FORM_KINDS: readonly JobKind[] = ['bulkText', 'bulkMedia', 'bulkFile', 'bulkAudio']

/**
 * A free-form job's payload for its connection. On the Cloud API it needs a template (approved, of this
 * connection, every variable mapped; a media header only with media by URL, whose URL it takes) or
 * `openWindowsOnly`, else `ERR_TEMPLATE_REQUIRED` names the missing template; the template is stored in the
 * payload whole. On other connections both are dropped.
 */
const officialJobPayload =
  (templates: JobTemplates | undefined) =>
  async (connection: { id: number; driver: string }, kind: JobKind, payload: unknown): Promise<unknown> => {
    if (!FREE_FORM_KINDS.includes(kind) || !payload || typeof payload !== 'object') return payload
    const { template, openWindowsOnly, ...rest } = payload as {
      template?: JobTemplateData
      openWindowsOnly?: boolean
    }
    if (connection.driver !== 'cloud-api') return rest
    if (!template) {
      if (openWindowsOnly) return { ...rest, openWindowsOnly: true }
      throw new AppError(
        'ERR_TEMPLATE_REQUIRED',
        409,
        [{ path: 'template', message: 'validation.required' }],
        'The official WhatsApp API sends only approved templates outside the 24-hour window: name a template (or openWindowsOnly)',
      )
    }
    if (!templates) throw new AppError('ERR_NO_TEMPLATE_FOUND', 404)
    const found = await templates.sendable(connection.id, template.templateId, 'template.templateId')
    const unmapped = found.variables.filter((v) => !template.variables[v.key])
    const mediaHeader = found.header && found.header.format !== 'TEXT' && found.header.format !== 'LOCATION'
    if (unmapped.length || (mediaHeader && kind !== 'bulkMedia')) {
      throw new AppError('ERR_VALIDATION', 400, [
        ...unmapped.map((v) => ({ path: `template.variables.${v.key}`, message: 'validation.required' })),
        ...(mediaHeader && kind !== 'bulkMedia'
          ? [{ path: 'template.templateId', message: 'validation.invalid' }]
          : []),
      ])
    }
    const { header, body, footer, buttons, examples } = found
    return {
      ...rest,
      template: {
        id: found.id,
        name: found.name,
        language: found.language,
        category: found.category,
        parts: { header, body, footer, buttons, examples },
        variables: Object.fromEntries(found.variables.map((v) => [v.key, template.variables[v.key]])),
      },
    }
  }

/** How long the same bulk job is refused after it was asked for. */
export const REPEAT_WINDOW_MS = 60_000

/** Who asks, through which connection, to whom and what: the same digest is the same job. */
const digestOf = (owner: number | null, kind: JobKind, input: BulkInput, payload: unknown) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        owner,
        kind,
        input.ticketwhatsappId,
        input.isGroup,
        input.numbers,
        input.keepAsTyped ?? [],
        input.startAt ?? null,
        input.planned ?? null,
        payload,
      ]),
    )
    .digest('hex')

/**
 * Creates a job: the row (paused while its list is written, so no step picks it up half-made),
 * the recipients in batches, then queued with its first step due at `startAt` or now. The
 * connection must exist, and be connected unless the job starts later.
 */
export const createJobCreation = ({
  db,
  sessions,
  work,
  announce,
  templates,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  work: Pick<OutreachWork, 'wake'>
  announce: (jobId: number, action: 'create') => void
  templates?: JobTemplates
}) => {
  const official = officialJobPayload(templates)
  const create = async (owner: number | null, kind: JobKind, input: BulkInput, given: unknown): Promise<Job> => {
    const connection = await findConnectionRow(db, input.ticketwhatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const payload = await official(connection, kind, given)
    const columns = Boolean((payload as { template?: unknown }).template)
    const now = new Date()
    const startAt = input.startAt ? new Date(input.startAt) : null
    const later = startAt !== null && startAt > now
    if (!later && !(await sessions.driver(connection.id))?.isConnected())
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    // A bulk or group job asked for again within a minute (a second click on Send) is refused, in any process.
    const repeatable = kind.startsWith('bulk') || kind.startsWith('group')
    const digest = repeatable ? digestOf(owner, kind, input, payload) : null
    if (digest && !(await claimSubmission(db, digest, now, REPEAT_WINDOW_MS)))
      throw new AppError('ERR_OUTREACH_JOB_REPEATED', 409)
    const id = await insertJob(db, {
      kind,
      userId: owner,
      connectionId: connection.id,
      payload: JSON.stringify(payload),
      minInterval: input.minInterval,
      maxInterval: input.maxInterval,
      window: input.window ? JSON.stringify(input.window) : null,
      dailyCap: input.dailyCap ?? null,
      startAt: startAt?.toISOString() ?? null,
      now: now.toISOString(),
    })
    try {
      // Each chunk adds to the job's total and skipped count as it is written: they match the list at any point.
      const chunks = input.planned
        ? plannedChunks(input.planned)
        : recipientChunks(input.numbers, input.isGroup, input.keepAsTyped, columns)
      for (const chunk of chunks) {
        await insertCounted(db, id, chunk, now.toISOString())
        // SQLite answers at once, so a long list would hold the event loop from the first chunk to
        // the last (seconds for 100,000 recipients, every live message waiting): other work runs
        // between chunks.
        await new Promise((resolve) => setImmediate(resolve))
      }
    } catch (error) {
      await deleteJob(db, id)
      if (digest) await releaseSubmission(db, digest)
      throw error
    }
    const due = (later ? startAt : now) as Date
    await updateJobIf(
      db,
      id,
      ['paused'],
      { status: 'queued', nextRunAt: due.toISOString(), waitingReason: later ? 'startAt' : null },
      new Date().toISOString(),
    )
    await work.wake(id, due)
    announce(id, 'create')
    const row = await findJobRow(db, id)
    if (!row) throw new AppError('ERR_NO_JOB_FOUND', 404)
    return toJob(row)
  }
  /** The official API's check alone, for a caller with slower checks to make first (a media URL's). */
  const checkOfficial = async (connectionId: number, kind: JobKind, payload: unknown) => {
    const connection = await findConnectionRow(db, connectionId)
    if (connection) await official(connection, kind, payload)
  }
  return Object.assign(create, { checkOfficial })
}
