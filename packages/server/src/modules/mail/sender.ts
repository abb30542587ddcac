import { randomUUID } from 'node:crypto'
import type { Db } from '../../db'
import { nowIso } from '../../db'
import type { AddressPolicy } from '../outreach-inputs/address-guard'
import { claimMail, dueMailIds, finishAttempt, type MailAttachment, type OutboxRow, outboxRow } from './outbox'
import type { ResolvedMail } from './settings'
import { mailFailure, sendNow } from './transport'

export interface MailSenderOptions {
  /** How often the outbox is asked for due mail (default 2 s). */
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

/**
 * Works through the outbox: a poller takes due mails (its own or another process's, or left by a
 * restart), claims each with a conditional write, sends it, and records the outcome. A failure is
 * tried again later (30 s, 1 min, 2 min … at most an hour apart) until `maxAttempts`, then the mail
 * is `failed`, logged, and listed for admins. A process killed mid-send leaves the mail `sending`
 * until its lease ends; it is then sent again (at least once, never lost).
 */
export const createMailSender = ({
  db,
  settings,
  log,
  policy,
  options = {},
}: {
  db: Db
  settings: { resolve(): Promise<ResolvedMail> }
  log: (error: unknown, message: string) => void
  /** Where the SMTP connection may go (the outbound address guard). */
  policy: AddressPolicy
  options?: MailSenderOptions
}) => {
  const { pollMs = 2000, maxAttempts = 5, backoffMs = 30_000, leaseMs = 120_000, timeoutMs = 20_000 } = options
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`
  let poller: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = true

  const attempt = async (row: OutboxRow) => {
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
        // The outbox (which admins read) keeps our words; the log keeps what the server said.
        cause = failure
        error = mailFailure(failure).message
      }
    }
    const now = new Date()
    if (!error) return finishAttempt(db, row.id, holder, { state: 'sent', error: null }, now.toISOString())
    const attempts = row.attempts + 1
    if (attempts >= maxAttempts) {
      log(cause ?? new Error(error), `mail ${row.id} to ${row.recipient} failed for good after ${attempts} attempts`)
      return finishAttempt(db, row.id, holder, { state: 'failed', error }, now.toISOString())
    }
    log(
      cause ?? new Error(error),
      `mail ${row.id} to ${row.recipient} failed (attempt ${attempts}); trying again later`,
    )
    const wait = Math.min(backoffMs * 2 ** (attempts - 1), 3_600_000)
    const retryAt = new Date(now.getTime() + wait).toISOString()
    return finishAttempt(db, row.id, holder, { state: 'queued', error, retryAt }, now.toISOString())
  }

  const pass = async () => {
    const now = nowIso()
    for (const id of await dueMailIds(db, now, 20)) {
      if (stopped) return
      const row = await outboxRow(db, id)
      const at = nowIso()
      if (!row || !(await claimMail(db, id, holder, at, new Date(Date.now() + leaseMs).toISOString()))) continue
      await attempt(row).catch((error) => log(error, `mail ${id}: attempt failed`))
    }
  }

  /** Runs a pass now (one at a time; a call during a pass runs another right after it). */
  const kick = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = pass()
      .catch((error) => log(error, 'mail outbox pass failed'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          kick()
        }
      })
  }

  return {
    kick,
    start() {
      if (!stopped) return
      stopped = false
      poller = setInterval(kick, pollMs)
      poller.unref()
      kick()
    },
    async stop() {
      stopped = true
      clearInterval(poller)
      await running
    },
    timeoutMs,
  }
}

export type MailSender = ReturnType<typeof createMailSender>
