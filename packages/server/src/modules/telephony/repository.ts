import type { CallOutcome, SmsDeliveryStatus } from '@desk/api-client'
import type { Executor } from '../../db'
import { parseConfig } from '../connections/repository'

/** Every query of the telephony module: connections by sender, and what callbacks record on recipients. */

/** The telephony connections with their stored settings. */
export const listTelephonyConnections = async (db: Executor) => {
  const rows = await db
    .selectFrom('whatsapps')
    .select(['id', 'config'])
    .where('driver', '=', 'telephony')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ id: row.id, settings: parseConfig(row.config).telephony ?? {} }))
}

/** The recipient of a job on `connectionId` that the provider knows by `sid`. */
export const findRecipientBySid = (db: Executor, connectionId: number, sid: string) =>
  db
    .selectFrom('job_recipients')
    .innerJoin('jobs', 'jobs.id', 'job_recipients.jobId')
    .select(['job_recipients.id', 'job_recipients.jobId', 'job_recipients.delivery'])
    .where('job_recipients.providerMessageId', '=', sid)
    .where('jobs.connectionId', '=', connectionId)
    .executeTakeFirst()

/** How far each delivery status is along: a late `sent` never overwrites `delivered`. */
const DELIVERY_RANK: Record<SmsDeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  undelivered: 2,
  failed: 2,
}

export const deliveryRank = (status: string | null) =>
  status && status in DELIVERY_RANK ? DELIVERY_RANK[status as SmsDeliveryStatus] : -1

export const recordDelivery = (
  db: Executor,
  id: number,
  change: { delivery: SmsDeliveryStatus; providerError: string | null },
  now: string,
) =>
  db
    .updateTable('job_recipients')
    .set({ delivery: change.delivery, providerError: change.providerError, updatedAt: now })
    .where('id', '=', id)
    .execute()

export const recordCallOutcome = (
  db: Executor,
  id: number,
  change: { callOutcome: CallOutcome; callDuration: number | null; providerError: string | null },
  now: string,
) =>
  db
    .updateTable('job_recipients')
    .set({ ...change, updatedAt: now })
    .where('id', '=', id)
    .where('callOutcome', 'is', null)
    .execute()
