/**
 * A ticket's messages, and the media addresses.
 * Method and path of each route, free of zod: the schemas are in `../messages.ts`.
 */
import { del, get, post } from './verbs'

export const messagesPaths = {
  messageList: get('/messages/:ticketId'),
  /** JSON, or multipart with the files in `medias`. */
  messageSend: post('/messages/:ticketId'),
  messageDelete: del('/messages/:id'),
  /** Signed media addresses: the file, whole or in byte ranges. */
  media: get('/media/:signature/:expires/:name'),
  /** The older form with `?expires=…&signature=…`, kept for addresses already handed out. */
  mediaLegacy: get('/media/:name'),
} as const
