import type { WidgetMessage, WidgetMessagesResponse, WidgetQuickAnswer, WidgetSendRequest } from '@desk/api-client'
import type { z } from 'zod'
import { isUniqueViolation } from '../../db'
import { visitorMessageId, WebChatDriver } from '../../drivers/webchat'
import { AppError, fieldError } from '../../http/errors'
import { sniffMime } from '../media/store'
import { mediaTypeOfMime } from '../messages/media'
import { setAck } from '../messages/repository'
import type { Upload } from '../messages/service'
import { noPermission } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import type { WidgetCaller, WidgetContext } from './caller'
import { toWidgetMessage } from './messages'
import {
  conversationPage,
  messageOfClientId,
  messageOfProviderId,
  unreadDeskMessages,
  widgetMessageRow,
} from './repository'
import { createWidgetUploads } from './uploads'
import { createVisitorContact, ensureVisitorContact } from './visitor-contact'

type SendInput = z.output<typeof WidgetSendRequest>

/**
 * One conversation, as a widget session sees it: its messages (paged by id), sending, reading,
 * the visitor's name and e-mail (`./visitor-contact`), and the quick answers of agent mode.
 *
 * A visitor's message is an inbound message of the web chat driver (the desk's inbound path:
 * contact, one live ticket, queues, greeting, routing, bots, agents' sockets). A partner user's
 * message is an agent's message (the desk's send path as that user, on the assignee's ticket only).
 * The same `clientId` twice answers the message stored the first time, whichever process stored it.
 */
export const createWidgetConversation = (context: WidgetContext) => {
  const { db, media, messages, sessions, quickAnswers } = context
  const shown = (row: Parameters<typeof toWidgetMessage>[0]) => toWidgetMessage(row, (path) => media.signedUrl(path))

  const list = async (
    caller: WidgetCaller,
    page: { after?: number; before?: number; limit: number },
  ): Promise<WidgetMessagesResponse> => {
    if (!caller.conversation) return { messages: [], hasMore: false }
    const { rows, hasMore } = await conversationPage(db, caller.conversation, page)
    return { messages: rows.map(shown), hasMore }
  }

  /**
   * The connection's driver in this process, started when the connection is meant to be connected.
   * The stored status decides (read with the session on this very call), so a connection an admin
   * disconnected through another process takes nothing here either.
   */
  const driverOf = async (caller: WidgetCaller) => {
    if (caller.connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    const driver = await sessions.driver(caller.connection.id)
    if (!(driver instanceof WebChatDriver) || !driver.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    return driver
  }

  /** The visitor's message already stored under this `clientId` (a retried send), if any. */
  const sentBefore = async (caller: WidgetCaller & { mode: 'customer' }, clientId: string) =>
    caller.contactId === null
      ? undefined
      : messageOfProviderId(db, caller.connection.id, visitorMessageId(caller.contactId, clientId))

  const visitorSends = async (caller: WidgetCaller & { mode: 'customer' }, input: SendInput, file?: Upload) => {
    const again = await sentBefore(caller, input.clientId)
    if (again) return shown(again)
    const driver = await driverOf(caller)
    const contactId = await ensureVisitorContact(context, caller)
    const mime = file ? sniffMime(file.data) : undefined
    const stored = await driver.receive({
      providerMessageId: visitorMessageId(contactId, input.clientId),
      from: '',
      contactId,
      isGroup: false,
      body: input.body,
      mediaType: mime ? mediaTypeOfMime(mime) : 'chat',
      media: file && mime ? { data: file.data, mimeType: mime, fileName: file.fileName } : undefined,
    })
    const id = Number((stored as { messageId?: unknown }).messageId)
    const row = Number.isInteger(id) ? await widgetMessageRow(db, id) : undefined
    if (!row) throw new AppError('ERR_INTERNAL', 500, undefined, 'The message was not stored')
    return shown(row)
  }

  const agentSends = async (caller: WidgetCaller & { mode: 'agent' }, input: SendInput, file?: Upload) => {
    const { actor } = caller
    const ticketId = caller.ticket.id
    const again = await messageOfClientId(db, ticketId, input.clientId)
    if (again) return shown(again)
    const current = await findTicket(db, ticketId)
    if (current?.userId !== actor.id) throw new AppError('ERR_WIDGET_NOT_ASSIGNEE', 403)
    const ticket = await messages.writableTicket(actor, ticketId)
    const saved = file ? await media.save(file.data) : undefined
    try {
      const message = await messages.deliver(ticket, {
        body: input.body,
        userId: actor.id,
        clientId: input.clientId,
        mediaType: saved ? mediaTypeOfMime(saved.mime) : 'chat',
        media:
          saved && file ? { path: saved.name, mime: saved.mime, size: saved.size, fileName: file.fileName } : undefined,
      })
      return shown((await widgetMessageRow(db, Number(message.id)))!)
    } catch (error) {
      if (saved) await media.discard(saved.name)
      const raced = isUniqueViolation(error) ? await messageOfClientId(db, ticketId, input.clientId) : undefined
      if (!raced) throw error
      return shown(raced)
    }
  }

  const sendOne = (caller: WidgetCaller, input: SendInput, file?: Upload) =>
    caller.mode === 'customer' ? visitorSends(caller, input, file) : agentSends(caller, input, file)

  /**
   * Text, or files: one message per file as in the desk, the text as the first one's caption. The
   * first keeps the frame's `clientId` and is the answer; the next ones take `<clientId>-2`, `-3` …
   * (a retry stores none of them twice) and reach the frame through its socket and catch-up.
   */
  const send = async (caller: WidgetCaller, input: SendInput, files: Upload[] = []): Promise<WidgetMessage> => {
    if (files.length === 0) {
      if (input.body.trim() === '') throw fieldError('body', 'validation.required')
      return sendOne(caller, input)
    }
    const first = await sendOne(caller, input, files[0])
    for (const [index, file] of files.entries()) {
      if (index === 0) continue
      await sendOne(caller, { clientId: `${input.clientId.slice(0, 60)}-${index + 1}`, body: '' }, file)
    }
    return first
  }

  /**
   * The reader has seen the conversation up to `upTo`. A visitor: the desk's messages up to it become
   * read (ack 3), which the agents' screens show. A partner user: the ticket is read, as when an agent
   * opens it (its unread count clears; the visitor's messages become read).
   */
  const read = async (caller: WidgetCaller, upTo: number) => {
    if (caller.mode === 'agent') {
      const ticket = await findTicket(db, caller.ticket.id)
      if (ticket) await messages.markRead(ticket)
      return
    }
    if (!caller.conversation) return
    for (const id of await unreadDeskMessages(db, caller.conversation, upTo)) {
      await setAck(db, id, 3)
      await messages.announce(id, 'update')
    }
  }

  /** Agent mode's `/` shortcuts: the desk's quick answers (the first page of a search). */
  const quickAnswersFor = async (caller: WidgetCaller, search: string): Promise<WidgetQuickAnswer[]> => {
    if (caller.mode !== 'agent') throw noPermission()
    const { quickAnswers: found } = await quickAnswers.list({ searchParam: search, pageNumber: 1 })
    return found.map(({ id, shortcut, message }) => ({ id, shortcut, message }))
  }

  return {
    list,
    send,
    sendUpload: createWidgetUploads(context.uploadQuota, send, async (caller, clientId) => {
      const row = await sentBefore(caller, clientId)
      return row && shown(row)
    }),
    read,
    ...createVisitorContact(context),
    quickAnswers: quickAnswersFor,
  }
}

export type WidgetConversation = ReturnType<typeof createWidgetConversation>
