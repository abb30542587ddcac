import type {
  EmailAttachUserRequest,
  MailOutboxItem,
  MailQueuedResponse,
  MailState,
  MailTestResponse,
  Ticket,
} from '@desk/api-client'
import type { z } from 'zod'
import { type Db, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { DurableWork } from '../../jobs/runtime'
import type { AddressPolicy } from '../outreach-inputs/address-guard'
import { type DeskTexts, deskTexts, momentOf, summaryText } from '../settings/desk-texts'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import { type Actor, requireAdmin } from '../users/access'
import { insertMail, listMails, type NewMail, requeueMail } from './outbox'
import { createMailSender, type MailSenderOptions } from './sender'
import { createMailSettings, type MailEnv } from './settings'
import { transcriptOf, transcriptText } from './transcript'
import { checkMailHost, mailFailure, sendNow } from './transport'

type SeedMail = Partial<z.output<typeof EmailAttachUserRequest>> & {
  zdgSubject: string
  zdgText: string
}

const notConfigured = () => new AppError('ERR_MAIL_NOT_CONFIGURED', 409, undefined, 'No SMTP server or sender is set')

/** The summary a contact receives when their ticket closes, in the desk's language. */
const summaryOf = (texts: DeskTexts, ticket: Ticket, closedAt: string) =>
  summaryText(texts, {
    contact: ticket.contact.name,
    ticketId: ticket.id,
    closed: momentOf(closedAt),
    agent: ticket.user?.name,
    queue: ticket.queue?.name,
    protocol: ticket.protocol,
  })

/**
 * The desk's e-mail: SMTP settings (admins), the outbox every mail goes through, the mail sent to
 * a contact when their ticket closes, the seed's four e-mail calls, a conversation by e-mail and a
 * test mail. Nothing here talks to the SMTP server inside a request except the admins' test.
 */
export const createMailService = ({
  db,
  env,
  log,
  policy,
  options,
  work,
}: {
  db: Db
  env: MailEnv
  log: (error: unknown, message: string) => void
  /** Where the SMTP connection may go: the outbound address guard, with the outreach allow settings. */
  policy: AddressPolicy
  options?: MailSenderOptions
  /** The desk's durable work runtime, which sends the outbox. */
  work?: DurableWork
}) => {
  const settings = createMailSettings(db, env)
  const sender = createMailSender({ db, settings, log, policy, options, work })

  const enqueue = async (mail: NewMail): Promise<MailQueuedResponse> => {
    const id = await insertMail(db, mail, nowIso())
    await sender.queued(id)
    return { id, state: 'queued' }
  }

  const transcriptFile = async (ticket: Ticket, options: { notes?: boolean } = {}) => ({
    filename: 'ZDG.txt',
    content: Buffer.from(transcriptText(ticket, await transcriptOf(db, ticket, options))).toString('base64'),
  })

  /**
   * After a ticket closed: when its contact has an e-mail and sending on close is on, the summary
   * (and the transcript, when configured) goes to the outbox. Never throws: a close stands whatever
   * happens here, and a failure is logged.
   */
  const ticketClosed = async (ticket: Ticket): Promise<void> => {
    try {
      const to = ticket.contact.email
      if (!to || ticket.isGroup) return
      const mail = await settings.resolve()
      if (!mail.sendOnClose) return
      const texts = await deskTexts(db)
      await enqueue({
        kind: 'close-summary',
        to,
        subject: texts.closeSubject(ticket.id, ticket.protocol),
        text: summaryOf(texts, ticket, ticket.updatedAt),
        attachments: mail.sendTranscript ? [await transcriptFile(ticket)] : undefined,
        ticketId: ticket.id,
        userId: ticket.userId,
      })
    } catch (error) {
      log(error, `ticket ${ticket.id}: the closing e-mail could not be queued`)
    }
  }

  /** `POST /tickets/:id/email {to?}`: the conversation to an address, or to the contact's. */
  const emailConversation = async (
    actor: Actor,
    ticketId: number,
    to: string | undefined,
    /** Private notes go into the transcript only when asked for. */
    options: { notes?: boolean } = {},
  ) => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, ticketId), 'read')
    const recipient = to ?? ticket.contact.email
    if (!recipient) throw new AppError('ERR_VALIDATION', 400, [{ path: 'to', message: 'validation.required' }])
    const texts = await deskTexts(db)
    return enqueue({
      kind: 'conversation',
      to: recipient,
      subject: texts.conversationSubject(ticket.id, ticket.contact.name),
      text: [texts.hello(ticket.contact.name), '', texts.conversationAttached].join('\n'),
      attachments: [await transcriptFile(ticket, options)],
      ticketId: ticket.id,
      userId: actor.id,
    })
  }

  /** The seed's `zdgSendEmail*` calls: to `zdgTo`, or (without it) to the desk's notification address. */
  const seedEmail = async (actor: Actor, body: SeedMail) => {
    const to = body.zdgTo ?? (await settings.resolve()).notifyTo
    if (!to) throw notConfigured()
    return enqueue({
      kind: body.zdgTo ? 'seed' : 'notification',
      to,
      subject: body.zdgSubject,
      text: body.zdgText,
      attachments:
        body.zdgFileName && body.zdgContent
          ? [{ filename: body.zdgFileName, content: body.zdgContent.replace(/\s/g, '') }]
          : undefined,
      userId: actor.id,
    })
  }

  /** `POST /mail/test {to}` (admins): sent at once; the SMTP server's refusal comes back as 502. */
  const test = async (actor: Actor, to: string): Promise<z.infer<typeof MailTestResponse>> => {
    requireAdmin(actor)
    const mail = await settings.resolve()
    if (!mail.target || !mail.sender) throw notConfigured()
    const texts = await deskTexts(db)
    try {
      await sendNow(
        mail.target,
        { from: mail.sender, to, subject: texts.testSubject, text: texts.testText },
        sender.timeoutMs,
        policy,
      )
    } catch (error) {
      log(error, `test mail to ${to} failed`)
      // Our code and words only: what the server at that address said stays in the log.
      const { code, message } = mailFailure(error)
      throw new AppError(code, code === 'ERR_MAIL_HOST_FORBIDDEN' ? 409 : 502, undefined, message)
    }
    return { ok: true }
  }

  const outbox = async (actor: Actor, state: MailState): Promise<MailOutboxItem[]> => {
    requireAdmin(actor)
    return listMails(db, state)
  }

  const retry = async (actor: Actor, id: number): Promise<MailQueuedResponse> => {
    requireAdmin(actor)
    if (!(await requeueMail(db, id, nowIso()))) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'No failed mail')
    await sender.requeued(id)
    return { id, state: 'queued' }
  }

  return {
    settings: {
      get: async (actor: Actor) => {
        requireAdmin(actor)
        return settings.get()
      },
      update: async (actor: Actor, input: Parameters<typeof settings.update>[0]) => {
        requireAdmin(actor)
        if (input.host) await checkMailHost(input.host, policy)
        return settings.update(input)
      },
    },
    ticketClosed,
    emailConversation,
    seedEmail,
    /** Queues a mail the desk sends by itself (the web chat's offline replies). */
    enqueue,
    test,
    outbox,
    retry,
    start: sender.start,
    stop: sender.stop,
  }
}

export type MailService = ReturnType<typeof createMailService>
