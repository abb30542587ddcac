import { timingSafeEqual } from 'node:crypto'
import {
  CloudTemplateStatusValue,
  CloudWebhookPayload,
  TEMPLATE_STATUS_FIELD,
  WebhookVerifyQuery,
} from '@desk/api-client'
import type { Db } from '../../db'
import { CloudApiDriver, verifyCloudSignature } from '../../drivers/cloud-api'
import { AppError, parseInput } from '../../http/errors'
import { findConnectionDriver, parseConfig } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import type { TemplatesService } from '../templates/service'

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const refused = () => new AppError('ERR_NO_PERMISSION', 403)

/**
 * The WhatsApp Business Cloud API webhook of one `cloud-api` connection. No sign-in: the
 * handshake is checked against the connection's verify token and every delivery against the
 * HMAC signature of its raw body with the app secret, before anything is parsed or stored.
 */
export const createWebhooksService = ({
  db,
  sessions,
  templates,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  templates?: Pick<TemplatesService, 'applyStatus'>
}) => {
  /** The stored Cloud API settings of a `cloud-api` connection; any other id is `ERR_NO_WAPP_FOUND`. */
  const cloudSettings = async (connectionId: number) => {
    const row = await findConnectionDriver(db, connectionId)
    if (row?.driver !== 'cloud-api') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return parseConfig(row.config).cloudApi ?? {}
  }

  /**
   * The `GET` verification handshake: answers the challenge when the query is a subscription
   * with the connection's verify token; anything else (a malformed query included) is a 403.
   */
  const handshake = async (connectionId: number, query: unknown): Promise<string> => {
    const settings = await cloudSettings(connectionId)
    const parsed = WebhookVerifyQuery.safeParse(query)
    if (!parsed.success || !settings.verifyToken || !sameText(parsed.data['hub.verify_token'], settings.verifyToken)) {
      throw refused()
    }
    return parsed.data['hub.challenge']
  }

  /**
   * A `POST` delivery. The body is parsed with the contract only once its signature holds (so
   * it is read here, not by the route); a stopped session answers 503, so the network delivers
   * again once it runs.
   */
  const deliver = async (connectionId: number, raw: Buffer, signature: string | undefined) => {
    const settings = await cloudSettings(connectionId)
    if (!verifyCloudSignature(raw, signature, settings.appSecret ?? '')) throw refused()
    const payload = parseInput(CloudWebhookPayload, JSON.parse(raw.toString('utf8')))
    // The business account's template reviews are stored whether or not the session runs.
    let templateStatuses = 0
    for (const entry of payload.entry) {
      for (const change of entry.changes) {
        const update = change.field === TEMPLATE_STATUS_FIELD ? CloudTemplateStatusValue.safeParse(change.value) : null
        if (!update?.success) continue
        await templates?.applyStatus(connectionId, update.data)
        templateStatuses += 1
      }
    }
    const onlyTemplates = payload.entry.every((e) => e.changes.every((c) => c.field === TEMPLATE_STATUS_FIELD))
    if (templateStatuses && onlyTemplates) return { messages: 0, statuses: 0, templateStatuses }
    const driver = await sessions.driver(connectionId)
    if (!(driver instanceof CloudApiDriver) || !driver.isConnected()) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    }
    return { ...(await driver.handleWebhook(payload)), templateStatuses }
  }

  return { handshake, deliver }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
