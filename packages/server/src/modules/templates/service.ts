import type { CloudTemplateStatusValue, MessageTemplate } from '@desk/api-client'
import type { Db } from '../../db'
import { CloudApiDriver, CloudApiError, templatePartsFromGraph } from '../../drivers/cloud-api'
import { AppError } from '../../http/errors'
import { findConnectionRow, listConnectionRows, parseConfig } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import { requireAdmin } from '../users/access'
import type { Actor } from '../users/repository'
import { findTemplateRow, listTemplateRows, replaceTemplates, setTemplateStatus, toTemplate } from './repository'

/** The webhook's events, as the status the Graph API lists the template with afterwards. */
const STATUS_OF_EVENT: Record<string, string> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  PENDING: 'PENDING',
  REINSTATED: 'APPROVED',
  FLAGGED: 'FLAGGED',
  PENDING_DELETION: 'PENDING_DELETION',
  DELETED: 'DELETED',
}

/**
 * The message templates of Cloud API connections: read from the business account (a button, a schedule),
 * kept in step with the status webhook, listed for the pages, and checked before a send.
 */
export const createTemplatesService = ({
  db,
  sessions,
  now = () => new Date(),
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  now?: () => Date
}) => {
  const cloudConnectionIds = async () =>
    (await listConnectionRows(db)).filter((row) => row.driver === 'cloud-api').map((row) => row.id)

  const list = async (
    _actor: Actor,
    query: { connectionId?: number; approvedOnly?: boolean } = {},
  ): Promise<MessageTemplate[]> => {
    const rows = await listTemplateRows(db, {
      connectionId: query.connectionId,
      approvedOnly: query.approvedOnly === true,
      connectionIds: await cloudConnectionIds(),
    })
    return rows.map(toTemplate)
  }

  /** Reads one connection's templates from the Graph API and stores them as listed. */
  const syncConnection = async (connectionId: number): Promise<MessageTemplate[]> => {
    const row = await findConnectionRow(db, connectionId)
    if (row?.driver !== 'cloud-api') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    if (!parseConfig(row.config).cloudApi?.businessAccountId) {
      throw new AppError('ERR_TEMPLATES_NO_ACCOUNT', 409, [
        { path: 'cloudApi.businessAccountId', message: 'validation.required' },
      ])
    }
    const driver = await sessions.driver(connectionId)
    if (!(driver instanceof CloudApiDriver)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
    const listed = await driver.listTemplates().catch((error: unknown) => {
      const detail = error instanceof CloudApiError ? error.message : 'the Graph API could not be reached'
      throw new AppError('ERR_TEMPLATES_SYNC_FAILED', 409, undefined, detail)
    })
    await replaceTemplates(
      db,
      connectionId,
      listed
        .filter((t) => t.name && t.language)
        .map((t) => ({
          providerId: t.id ?? null,
          name: t.name as string,
          language: t.language as string,
          category: (t.category ?? 'UTILITY').toUpperCase(),
          status: (t.status ?? 'PENDING').toUpperCase(),
          reason: t.rejected_reason && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
          parts: templatePartsFromGraph(t.components),
        })),
      now().toISOString(),
    )
    return (await listTemplateRows(db, { connectionId })).map(toTemplate)
  }

  const sync = async (actor: Actor, connectionId: number) => {
    requireAdmin(actor)
    const templates = await syncConnection(connectionId)
    return { templates, syncedAt: now().toISOString() }
  }

  /** The schedule: every Cloud API connection with a business account id; one failing leaves the others. */
  const syncAll = async (log?: (error: unknown, message: string) => void) => {
    for (const row of await listConnectionRows(db)) {
      if (row.driver !== 'cloud-api' || !parseConfig(row.config).cloudApi?.businessAccountId) continue
      await syncConnection(row.id).catch((error) => log?.(error, `templates of connection ${row.id} not read`))
    }
  }

  /** A `message_template_status_update` delivery, on the connection whose webhook it came to. */
  const applyStatus = async (connectionId: number, value: CloudTemplateStatusValue) => {
    const status = STATUS_OF_EVENT[value.event.toUpperCase()] ?? value.event.toUpperCase()
    const reason = value.reason && value.reason !== 'NONE' ? value.reason : null
    return setTemplateStatus(
      db,
      connectionId,
      {
        providerId: value.message_template_id,
        name: value.message_template_name,
        language: value.message_template_language,
      },
      status,
      reason,
      now().toISOString(),
    )
  }

  /** A template of this connection that may be sent now; otherwise the reason as an error. */
  const sendable = async (connectionId: number | null, templateId: number, field = 'templateId') => {
    const row = await findTemplateRow(db, templateId)
    if (!row || row.whatsappId !== connectionId) {
      throw new AppError('ERR_NO_TEMPLATE_FOUND', 404, [{ path: field, message: 'validation.invalid' }])
    }
    if (row.status !== 'APPROVED') {
      throw new AppError('ERR_TEMPLATE_NOT_APPROVED', 409, [{ path: field, message: 'validation.invalid' }])
    }
    return toTemplate(row)
  }

  return { list, sync, syncConnection, syncAll, applyStatus, sendable }
}

export type TemplatesService = ReturnType<typeof createTemplatesService>
