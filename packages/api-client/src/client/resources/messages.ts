import { MEDIA_FIELD } from '../../contract/constants'
import { type Requester, type RouteBody, routeCaller } from './types'

/** A file to send; a bare Blob (a recording) needs a `fileName`. */
export type MediaFile = File | { blob: Blob; fileName: string }

export interface SendMediaInput {
  files: readonly MediaFile[]
  /** Caption of the first file. */
  body?: string
  quotedMsgId?: number | string | null
}

export const toMediaForm = ({ files, body, quotedMsgId }: SendMediaInput): FormData => {
  const form = new FormData()
  for (const file of files) {
    if ('blob' in file) form.append(MEDIA_FIELD, file.blob, file.fileName)
    else form.append(MEDIA_FIELD, file, file.name)
  }
  form.append('body', body ?? '')
  form.append('fromMe', 'true')
  if (quotedMsgId !== undefined && quotedMsgId !== null) form.append('quotedMsgId', String(quotedMsgId))
  return form
}

export const messagesApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** Page 1 holds the newest messages (oldest first within a page); reading marks the ticket read. */
    list: (ticketId: number, pageNumber = 1) => call('messageList', { params: { ticketId }, query: { pageNumber } }),
    send: (ticketId: number, body: RouteBody<'messageSend'>) => call('messageSend', { params: { ticketId }, body }),
    /** Multipart upload, one message per file (413 `ERR_PAYLOAD_TOO_LARGE` past the size limit). */
    sendMedia: (ticketId: number, input: SendMediaInput) =>
      call('messageSend', { params: { ticketId }, body: toMediaForm(input) }),
    /** Own messages only; answers with the message, now `isDeleted`. */
    delete: (messageId: number | string) => call('messageDelete', { params: { id: messageId } }),
  }
}
export type MessagesApi = ReturnType<typeof messagesApi>
