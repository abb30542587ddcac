import type { Db } from '../../db'
import { nowIso } from '../../db'
import { createDatabaseWork, type DurableWork } from '../../jobs/runtime'
import type { AddressPolicy } from '../outreach-inputs/address-guard'
import { type MailAttachment, outboxRow, pendingMailIds, recordAttempt } from './outbox'
import type { ResolvedMail } from './settings'
import { mailFailure, sendNow } from './transport'

export interface MailSenderOptions {
  /** How often a sender with a runtime of its own asks for due mail (default 2 s; the desk's runtime has its own). */
  pollMs?: number
  /** Attempts before a mail is `failed` (default 5). */
  maxAttempts?: number
  /** The wait after the first failure, doubled after each next one (default 30 s, at most 1 h). */
  backoffMs?: number
  /** How long a claimed mail stays with a process that stopped answering (default 2 min). */
  leaseMs?: number
  /** SMTP connection, greeting and socket time limits (default 20 s). */
  timeoutMs?: number
}

export const MAIL_KIND = 'mail'
/** Each outbox row is one piece of durable work, whichever process or restart asks for it. */
export const mailKey = (id: number) => `mail-${id}`

/** A mail that did not go: our words for the outbox (which admins read), the server's for the log. */
class MailNotSent extends Error {
  constructor(
    message: string,
    readonly failure: unknown,
  ) {
    super(message)
  }
}

/**
 * Sends the outbox through the durable work runtime: each mail is one piece of work of the `mail`
 * kind, taken by one process at a time under a lease. A failure is tried again later (30 s, 1 min,
 * 2 min … at most an hour apart) until `maxAttempts`, then the mail is `failed`, logged, and listed
 * for admins. A process killed mid-send leaves the work to another once its lease ends; it is then
 * sent again (at least once, never lost). Mails in the outbox with no work yet (queued before the
 * runtime, or by a process that stopped between the two writes) are taken on at `start`.
 * Without `work`, the sender runs a runtime of its own (as a separate process would).
 */
export const createMailSender = ({
  db,
  settings,
  log,
  policy,
  options = {},
  work: shared,
}: {
  db: Db
  settings: { resolve(): Promise<ResolvedMail> }
  log: (error: unknown, message: string) => void
  /** Where the SMTP connection may go (the outbound address guard). */
  policy: AddressPolicy
  options?: MailSenderOptions
  /** The desk's runtime (started and stopped by the desk). */
  work?: DurableWork
}) => {
  const { pollMs = 2000, maxAttempts = 5, backoffMs = 30_000, leaseMs = 120_000, timeoutMs = 20_000 } = options
  const work = shared ?? createDatabaseWork({ db, pollMs, log })

  work.register<{ mailId: number }>({
    kind: MAIL_KIND,
    maxAttempts,
    backoffMs,
    maxBackoffMs: 3_600_000,
    leaseMs,
    logFailures: false,
    step: async ({ payload, attempt }) => {
      const row = await outboxRow(db, payload.mailId)
      if (!row || (row.state !== 'queued' && row.state !== 'sending')) return
      await recordAttempt(db, row.id, { state: 'sending', attempts: attempt, error: row.lastError }, nowIso())
      const mail = await settings.resolve()
      let error: string | null = null
      let cause: unknown
      if (!mail.target || !mail.sender) error = 'No SMTP server or sender is configured'
      else {
        try {
          await sendNow(
            mail.target,
            {
              from: mail.sender,
              to: row.recipient,
              subject: row.subject,
              text: row.body,
              attachments: row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : undefined,
            },
            timeoutMs,
            policy,
          )
        } catch (failure) {
          cause = failure
          error = mailFailure(failure).message
        }
      }
      const now = new Date()
      if (!error) {
        await recordAttempt(db, row.id, { state: 'sent', attempts: attempt, error: null }, now.toISOString())
        return
      }
      if (attempt >= maxAttempts) {
        log(cause ?? new Error(error), `mail ${row.id} to ${row.recipient} failed for good after ${attempt} attempts`)
        await recordAttempt(db, row.id, { state: 'failed', attempts: attempt, error }, now.toISOString())
      } else {
        log(
          cause ?? new Error(error),
          `mail ${row.id} to ${row.recipient} failed (attempt ${attempt}); trying again later`,
        )
        const wait = Math.min(backoffMs * 2 ** (attempt - 1), 3_600_000)
        const retryAt = new Date(now.getTime() + wait).toISOString()
        await recordAttempt(db, row.id, { state: 'queued', attempts: attempt, error, retryAt }, now.toISOString())
      }
      throw new MailNotSent(error, cause)
    },
  })

  /** Work for every mail still to send that has none (insert-if-absent: harmless to repeat). */
  const adopt = async () => {
    for (const id of await pendingMailIds(db)) await work.enqueue(MAIL_KIND, { mailId: id }, { dedupeKey: mailKey(id) })
  }

  return {
    /** Sends mail `id` (just put in the outbox) through the runtime. */
    async queued(id: number) {
      await work.enqueue(MAIL_KIND, { mailId: id }, { dedupeKey: mailKey(id) })
    },
    /** A failed mail the admin queued again (`requeueMail`): its work runs again now. */
    async requeued(id: number) {
      if (!(await work.retry(MAIL_KIND, mailKey(id))))
        await work.enqueue(MAIL_KIND, { mailId: id }, { dedupeKey: mailKey(id) })
    },
    kick: () => work.kick(),
    async start() {
      await adopt().catch((error) => log(error, 'mail outbox could not be taken on'))
      if (!shared) await work.start()
    },
    async stop() {
      if (!shared) await work.stop()
    },
    timeoutMs,
  }
}

export type MailSender = ReturnType<typeof createMailSender>
