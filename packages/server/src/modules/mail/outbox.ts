import type { MailOutboxItem, MailState } from '@desk/api-client'
import type { Db } from '../../db'

/** A file sent with a mail: its name and its bytes in base64. */
export interface MailAttachment {
  filename: string
  content: string
}

export interface NewMail {
  kind: 'close-summary' | 'conversation' | 'notification' | 'seed'
  to: string
  subject: string
  text: string
  attachments?: MailAttachment[]
  ticketId?: number | null
  userId?: number | null
}

export type OutboxRow = NonNullable<Awaited<ReturnType<typeof outboxRow>>>

export const outboxRow = (db: Db, id: number) =>
  db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()

/** Puts a mail in the outbox, due now; the sender picks it up (here or in another process). */
export const insertMail = async (db: Db, mail: NewMail, now: string): Promise<number> =>
  (
    await db
      .insertInto('mail_outbox')
      .values({
        kind: mail.kind,
        ticketId: mail.ticketId ?? null,
        userId: mail.userId ?? null,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
        state: 'queued',
        attempts: 0,
        lastError: null,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

/** Mails not yet sent nor given up (queued, or left `sending` by a process that stopped): ids in order. */
export const pendingMailIds = async (db: Db): Promise<number[]> =>
  (
    await db.selectFrom('mail_outbox').select('id').where('state', 'in', ['queued', 'sending']).orderBy('id').execute()
  ).map((r) => r.id)

/** Records an attempt of a mail under way on the durable runtime. */
export const recordAttempt = (
  db: Db,
  id: number,
  outcome: {
    state: 'sending' | 'sent' | 'queued' | 'failed'
    attempts: number
    error: string | null
    retryAt?: string
  },
  now: string,
) =>
  db
    .updateTable('mail_outbox')
    .set({
      state: outcome.state,
      attempts: outcome.attempts,
      lastError: outcome.error,
      updatedAt: now,
      ...(outcome.retryAt ? { nextAttemptAt: outcome.retryAt } : {}),
      ...(outcome.state === 'sent' ? { sentAt: now } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'sending'])
    .execute()

/** A failed mail queued again, with a fresh count of attempts (admins' retry). */
export const requeueMail = async (db: Db, id: number, now: string) =>
  Number(
    (
      await db
        .updateTable('mail_outbox')
        .set({ state: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

export const listMails = async (db: Db, state: MailState, limit = 100): Promise<MailOutboxItem[]> =>
  (
    await db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'kind',
        'ticketId',
        'recipient',
        'subject',
        'state',
        'attempts',
        'lastError',
        'createdAt',
        'updatedAt',
      ])
      .where('state', '=', state)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => ({ ...r, state: r.state as MailState }))
