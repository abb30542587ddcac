import { HttpResponse } from 'msw'
import {
  MEDIA_FIELD,
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessageListResponse,
  type SendMessageResponse,
  type Ticket,
} from '../../contract'
import { callerOf, type DeskHandlerContext, fail, stamp } from '../support'

const chronological = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id)

const mediaTypeOf = (type: string): Message['mediaType'] =>
  type.startsWith('image/')
    ? 'image'
    : type.startsWith('audio/')
      ? 'audio'
      : type.startsWith('video/')
        ? 'video'
        : 'other'

/** A URL the page can show the upload at (a blob URL where there is one). */
const mediaUrlOf = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : `/media/${encodeURIComponent(file.name)}`

/** `/messages/:ticketId` (list, send as JSON or multipart) and `DELETE /messages/:id`. */
export function messageHandlers({ db, route, wait }: DeskHandlerContext) {
  const touch = (ticket: Ticket, lastMessage: string) => {
    const next = { ...ticket, lastMessage, updatedAt: stamp(db) }
    db.tickets = db.tickets.map((t) => (t.id === ticket.id ? next : t))
  }
  const store = (ticket: Ticket, message: Omit<Message, 'id' | 'ticketId' | 'createdAt' | 'updatedAt'>) => {
    const stored: Message = {
      ...message,
      id: db.nextId++,
      ticketId: ticket.id,
      createdAt: stamp(db),
      updatedAt: stamp(db),
    }
    db.messages.push(stored)
    touch(ticket, stored.body || stored.mediaType)
    return stored
  }
  const quoted = (id: number | string | null | undefined) => {
    const q = id == null ? undefined : db.messages.find((m) => String(m.id) === String(id))
    return q ? { id: q.id, body: q.body, fromMe: q.fromMe, mediaType: q.mediaType, contact: q.contact } : null
  }

  return [
    route('messageList', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const ticket = db.tickets.find((t) => t.id === Number(params.ticketId))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      const page = Math.max(1, Number(new URL(request.url).searchParams.get('pageNumber') ?? 1) || 1)
      const all = db.messages.filter((m) => m.ticketId === ticket.id).sort(chronological)
      const end = all.length - (page - 1) * MESSAGES_PAGE_SIZE
      const messages = all.slice(Math.max(0, end - MESSAGES_PAGE_SIZE), Math.max(0, end))
      db.tickets = db.tickets.map((t) => (t.id === ticket.id ? { ...t, unreadMessages: 0 } : t))
      return HttpResponse.json<MessageListResponse>({ messages, hasMore: end > MESSAGES_PAGE_SIZE, count: all.length })
    }),
    route('messageSend', async ({ request, params, body }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const ticket = db.tickets.find((t) => t.id === Number(params.ticketId))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      const base = { fromMe: true, read: true, ack: 1, isDeleted: false, contact: null }
      if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
        const form = await request.formData()
        const files = form.getAll(MEDIA_FIELD).filter((f): f is File => typeof f !== 'string')
        if (!files.length)
          return fail(400, 'ERR_VALIDATION', { fields: [{ path: MEDIA_FIELD, message: 'validation.required' }] })
        const caption = String(form.get('body') ?? '').trim()
        const messages = files.map((file, i) =>
          store(ticket, {
            ...base,
            body: i === 0 && caption ? caption : file.name,
            mediaType: mediaTypeOf(file.type),
            mediaUrl: mediaUrlOf(file),
            mediaSize: file.size,
            mediaName: file.name,
            quotedMsg: i === 0 ? quoted(form.get('quotedMsgId') as string | null) : null,
          }),
        )
        return HttpResponse.json<SendMessageResponse>({ messages })
      }
      const { data, response } = await body()
      if (response) return response
      const message = store(ticket, {
        ...base,
        body: data.body,
        mediaType: 'chat',
        mediaUrl: data.mediaUrl,
        quotedMsg: quoted(data.quotedMsgId),
      })
      return HttpResponse.json<SendMessageResponse>({ messages: [message] })
    }),
    route('messageDelete', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const index = db.messages.findIndex((m) => String(m.id) === String(params.id))
      if (index < 0) return fail(404, 'ERR_NOT_FOUND')
      if (!db.messages[index].fromMe) return fail(403, 'ERR_NO_PERMISSION')
      db.messages[index] = { ...db.messages[index], isDeleted: true, updatedAt: stamp(db) }
      return HttpResponse.json(db.messages[index])
    }),
  ]
}
