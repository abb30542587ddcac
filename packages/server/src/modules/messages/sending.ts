import {
  canSendFreeText,
  type ErrorCode,
  formatLocationBody,
  formatVcardBody,
  isErrorCode,
  locationLink,
  type MediaType,
  type Message,
  missingTemplateVariables,
  parseLocationBody,
  parseVcardBody,
  type ReplyWindowState,
  replyWindowPolicy,
  replyWindowState,
  type SendMessageData,
  type TemplateSendData,
  type Ticket,
  templateText,
} from '@desk/api-client'
import { nowIso } from '../../db'
import { storedProviderId } from '../../drivers/clean'
import { CloudApiDriver, CloudApiError, graphRefusalCode } from '../../drivers/cloud-api'
import { addressOn, type SentMessage } from '../../drivers/types'
import { AppError, fieldError } from '../../http/errors'
import { lastCustomerMessageAt } from '../tickets/repository/rows'
import type { Actor } from '../users/repository'
import { mediaTypeOfMime, storedMedia } from './media'
import { insertMessage, messageInTicket, providerIdOf, recordSendOutcome, setTicketActivity } from './repository'
import type { MessagesContext, Outgoing, Upload } from './service'

/** What the network refused for the reply window or the template, rather than failed to send. */
const REFUSALS: readonly ErrorCode[] = ['ERR_REPLY_WINDOW_CLOSED', 'ERR_TEMPLATE_PAUSED', 'ERR_TEMPLATE_REFUSED']

/** Sending: what the desk stores and pushes to the network, for agents and for automatic messages. */
export const createMessageSending = ({
  db,
  driverOf,
  media,
  readFile,
  announce,
  writableTicket,
  onAgentMessage,
  templates,
}: MessagesContext) => {
  /** The driver and address a ticket's messages go out through now; `ERR_WAPP_NOT_INITIALIZED` when none runs. */
  const outlet = async (ticket: Ticket) => {
    const driver = await driverOf(ticket.whatsappId)
    const to = addressOn(driver, ticket.contact)
    if (!driver?.isConnected() || !to) throw new AppError('ERR_WAPP_NOT_INITIALIZED')
    return { driver, to }
  }

  /**
   * The ticket's reply window now (Instagram, the Cloud API; `none` elsewhere), measured from the customer's
   * last message on the connection (read when the ticket came without it).
   */
  const windowOf = async (ticket: Ticket): Promise<ReplyWindowState> => {
    const driver = ticket.whatsapp?.driver
    if (!replyWindowPolicy(driver) || ticket.whatsappId === null) return { state: 'none' }
    const last =
      ticket.lastCustomerMessageAt !== undefined
        ? ticket.lastCustomerMessageAt
        : await lastCustomerMessageAt(db, ticket.contactId, ticket.whatsappId)
    return replyWindowState(driver, last)
  }

  const pushToNetwork = async (
    ticket: Ticket,
    id: number,
    out: Outgoing,
    window: ReplyWindowState,
  ): Promise<SentMessage> => {
    const { driver, to } = await outlet(ticket)
    const quoted = out.quotedMsgId ? await providerIdOf(db, out.quotedMsgId) : undefined
    // A person's answer after the standard window goes with the human-agent tag (Instagram).
    const humanAgent = window.state === 'human-agent' && out.userId !== null
    const options = { quotedProviderMessageId: quoted ?? null, reference: id, ...(humanAgent ? { humanAgent } : {}) }
    if (out.template) {
      if (!(driver instanceof CloudApiDriver)) throw new AppError('ERR_NO_TEMPLATE_FOUND', 404)
      return driver.sendTemplate(to, out.template, options)
    }
    // Outside the reply window the network refuses anything but a template: nothing goes out.
    if (!canSendFreeText(window, out.userId !== null)) throw new AppError('ERR_REPLY_WINDOW_CLOSED', 409)
    if (out.media) {
      const data = await readFile(`${media.dir}/${out.media.path}`)
      return driver.sendMedia(
        to,
        {
          data,
          mimeType: out.media.mime,
          fileName: out.media.fileName ?? out.media.path,
          mediaType: out.mediaType ?? 'other',
          caption: out.body || undefined,
        },
        options,
      )
    }
    if (out.mediaType === 'location') {
      const location = out.location ?? parseLocationBody(out.body)
      if (location) return driver.sendLocation(to, location, options)
    }
    if (out.mediaType === 'vcard') {
      const card = parseVcardBody(out.body)
      if (card) return driver.sendVcard(to, { name: card.name, number: card.number ?? '' }, options)
    }
    return driver.sendText(to, out.body, options)
  }

  /** An agent's free text outside the reply window is refused before anything is stored (the draft stays). */
  const requireOpenWindow = async (ticket: Ticket, field: string) => {
    const window = await windowOf(ticket)
    if (!canSendFreeText(window, true)) {
      throw new AppError(
        'ERR_REPLY_WINDOW_CLOSED',
        409,
        [{ path: field, message: 'validation.invalid' }],
        ticket.whatsapp?.driver === 'cloud-api'
          ? 'The customer last wrote more than 24 hours ago: only a message template can be sent'
          : 'The reply window has closed: the customer must write first',
      )
    }
  }

  /** Stores a message from the desk, sends it, and records the outcome (provider id and ack, or the error). */
  const deliver = async (ticket: Ticket, out: Outgoing): Promise<Message> => {
    const now = nowIso()
    const automatic = out.userId === null
    const id = await insertMessage(db, {
      ticketId: ticket.id,
      contactId: null,
      userId: out.userId,
      whatsappId: ticket.whatsappId,
      providerMessageId: null,
      body: out.body,
      fromMe: 1,
      read: 1,
      mediaType: out.mediaType ?? 'chat',
      mediaPath: out.media?.path ?? null,
      mediaMime: out.media?.mime ?? null,
      mediaSize: out.media?.size ?? null,
      mediaName: out.media?.fileName ?? null,
      ack: 0,
      isDeleted: 0,
      automatic: automatic ? 1 : 0,
      quotedMsgId: out.quotedMsgId ?? null,
      error: null,
      clientId: out.clientId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    // What a person wrote is the preview and the latest activity; an automatic message is neither.
    if (!automatic) {
      await setTicketActivity(db, ticket.id, out.body || (out.media ? (out.media.fileName ?? out.media.path) : ''), now)
      // A person took over: the contact's bots pause (their failure never stops the message).
      if (out.userId !== null) await onAgentMessage?.(ticket, out.userId).catch(() => {})
    }
    let sent: SentMessage | undefined
    let error: string | null = null
    try {
      sent = await pushToNetwork(ticket, id, out, await windowOf(ticket))
    } catch (cause) {
      // A refusal with a code of its own (no MMS, no such file on Instagram) keeps it; the Graph API's refusals
      // of the window or a template are named.
      const code = (cause as { code?: unknown }).code
      error =
        cause instanceof AppError
          ? cause.code
          : cause instanceof CloudApiError
            ? (graphRefusalCode(cause.graphCode) ?? 'ERR_SENDING_WAPP_MSG')
            : isErrorCode(code)
              ? code
              : 'ERR_SENDING_WAPP_MSG'
    }
    const providerMessageId = sent ? storedProviderId(sent.providerMessageId) : null
    await recordSendOutcome(db, id, { providerMessageId, ack: sent?.ack ?? 0, error })
    return announce(id, 'create')
  }

  /**
   * An agent's send, which answers whether the message went out: it is stored and sent, and one the
   * network refused stays in the conversation with its error while the call answers 502 with that error.
   */
  const deliverOrFail = async (ticket: Ticket, out: Outgoing): Promise<Message> => {
    const message = await deliver(ticket, out)
    if (message.error) {
      // The window or a template refused: a 409 the agent can act on (send a template); else the network failed.
      const refusal = REFUSALS.includes(message.error as ErrorCode)
      throw new AppError(
        message.error as ErrorCode,
        refusal ? 409 : 502,
        undefined,
        'The message did not go out; it stays in the conversation with its error',
      )
    }
    return message
  }

  const checkQuoted = async (ticketId: number, quotedMsgId: number | string | null) => {
    if (quotedMsgId === null) return null
    const id = Number(quotedMsgId)
    const found = Number.isInteger(id) ? await messageInTicket(db, id, ticketId) : undefined
    if (!found) throw fieldError('quotedMsg', 'validation.invalid')
    return found.id
  }

  /** What an agent's JSON send stores: a place, a contact card, or text with an optional stored file. */
  const outgoingOf = async (input: SendMessageData, quotedMsgId: number | null, userId: number): Promise<Outgoing> => {
    if (input.location) {
      const { latitude, longitude, description } = input.location
      const location = {
        link: locationLink(latitude, longitude),
        latitude,
        longitude,
        description: description || null,
      }
      return { body: formatLocationBody(location), mediaType: 'location', location, quotedMsgId, userId }
    }
    if (input.vcard) return { body: formatVcardBody(input.vcard), mediaType: 'vcard', quotedMsgId, userId }
    let mediaPart: Outgoing['media']
    let mediaType: MediaType = 'chat'
    if (input.mediaUrl) ({ media: mediaPart, mediaType } = await storedMedia(db, media, input.mediaUrl))
    return { body: input.body, mediaType, media: mediaPart, quotedMsgId, userId }
  }

  /** `POST /messages/:ticketId` as JSON. */
  const send = async (actor: Actor, ticketId: number, input: SendMessageData): Promise<Message[]> => {
    const ticket = await writableTicket(actor, ticketId)
    const quotedMsgId = await checkQuoted(ticketId, input.quotedMsgId)
    const out = await outgoingOf(input, quotedMsgId, actor.id)
    // Nothing is stored while the connection runs nowhere, or the window is closed: the composer keeps the draft.
    await outlet(ticket)
    await requireOpenWindow(ticket, 'body')
    return [await deliverOrFail(ticket, out)]
  }

  /** `POST /messages/:ticketId` as multipart: one message per file, the caption and quote on the first. */
  const sendFiles = async (
    actor: Actor,
    ticketId: number,
    files: Upload[],
    body: string,
    quotedMsgId: number | string | null,
  ): Promise<Message[]> => {
    const ticket = await writableTicket(actor, ticketId)
    const quoted = await checkQuoted(ticketId, quotedMsgId)
    await outlet(ticket)
    await requireOpenWindow(ticket, 'medias')
    const sent: Message[] = []
    for (const [index, file] of files.entries()) {
      const saved = await media.save(file.data)
      sent.push(
        await deliverOrFail(ticket, {
          body: index === 0 ? body : '',
          mediaType: mediaTypeOfMime(saved.mime),
          media: { path: saved.name, mime: saved.mime, size: saved.size, fileName: file.fileName },
          quotedMsgId: index === 0 ? quoted : null,
          userId: actor.id,
        }),
      )
    }
    return sent
  }

  /**
   * `POST /messages/:ticketId/template`: an approved template of the ticket's connection with every variable
   * filled, whatever the reply window. The conversation keeps its text as the customer sees it.
   */
  const sendTemplate = async (actor: Actor, ticketId: number, input: TemplateSendData): Promise<Message[]> => {
    const ticket = await writableTicket(actor, ticketId)
    if (!templates) throw new AppError('ERR_NO_TEMPLATE_FOUND', 404)
    const template = await templates.sendable(ticket.whatsappId, input.templateId)
    const values = Object.fromEntries(Object.entries(input.variables).map(([k, v]) => [k, v.trim()]))
    const missing = missingTemplateVariables(template.variables, values)
    const mediaHeader = template.header && template.header.format !== 'TEXT' && template.header.format !== 'LOCATION'
    if (missing.length || (mediaHeader && !input.headerMediaUrl)) {
      throw new AppError('ERR_VALIDATION', 400, [
        ...missing.map((key) => ({ path: `variables.${key}`, message: 'validation.required' })),
        ...(mediaHeader && !input.headerMediaUrl ? [{ path: 'headerMediaUrl', message: 'validation.required' }] : []),
      ])
    }
    await outlet(ticket)
    const outgoing: Outgoing = {
      body: templateText(template, values),
      userId: actor.id,
      template: {
        name: template.name,
        language: template.language,
        parts: template,
        values,
        headerMediaUrl: input.headerMediaUrl,
      },
    }
    return [await deliverOrFail(ticket, outgoing)]
  }

  return { deliver, send, sendFiles, sendTemplate }
}
