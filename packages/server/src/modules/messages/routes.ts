import path from 'node:path'
import { MEDIA_FIELD, MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MESSAGE_BODY_MAX, routes, stripNul } from '@desk/api-client'
import multipart from '@fastify/multipart'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { AppError, fieldError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import type { Upload } from './service'

const FILE_TOO_LARGE = { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE' }

/** A file part read chunk by chunk: past `left` bytes it stops reading and throws `over()`. */
const readFile = async (file: AsyncIterable<Buffer> & { truncated: boolean }, left: number, over: () => Error) => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file) {
    size += chunk.length
    if (size > left) throw over()
    chunks.push(chunk)
  }
  if (file.truncated) throw Object.assign(new Error('request file too large'), FILE_TOO_LARGE)
  return Buffer.concat(chunks)
}

/** How many bytes of files a send may carry, asked when its first file begins (with the fields before it). */
export interface UploadBudget {
  left(fields: Record<string, string | string[]>): Promise<number>
  over(): Error
}
const UNLIMITED: UploadBudget = { left: async () => Number.POSITIVE_INFINITY, over: () => new Error() }

/**
 * Reads a multipart send: files in `medias` (kept in memory up to the size limit) and text fields.
 * With a `budget`, the files together may hold what it leaves: the reader stops at the first byte
 * past it and throws `over()`, having read no further and kept nothing.
 */
export const readUpload = async (request: FastifyRequest, budget: UploadBudget = UNLIMITED) => {
  const files: Upload[] = []
  const fields: Record<string, string | string[]> = {}
  let read = 0
  let left: number | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        left ??= await budget.left(fields)
        const data = await readFile(part.file, left - read, budget.over)
        read += data.length
        if (part.fieldname === MEDIA_FIELD && data.length > 0) {
          // The file name is text the desk stores and shows: NUL bytes go, as in the contract.
          const fileName = path.basename(stripNul(part.filename ?? '')).slice(0, 255) || 'file'
          files.push({ data, fileName })
        }
      } else if (typeof part.value === 'string') {
        // A repeated field (the seed's clients send `body` once per file) keeps every value.
        const seen = fields[part.fieldname]
        fields[part.fieldname] = seen === undefined ? part.value : [...[seen].flat(), part.value]
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    // Limits keep their own answer (413); the parser's other failures (no boundary, a form cut
    // short, a broken part header) are the sender's malformed body.
    if (typeof (error as FastifyError).statusCode === 'number') throw error
    throw new AppError('ERR_VALIDATION', 400, [], 'Malformed multipart body')
  }
  return { files, fields }
}

/** What a message's multipart send may hold (a conversation's and the team chat's): its files and fields. */
export const MESSAGE_MULTIPART_LIMITS = {
  fileSize: MEDIA_MAX_BYTES,
  files: MEDIA_MAX_FILES,
  fields: MEDIA_MAX_FILES + 10,
  fieldSize: MESSAGE_BODY_MAX * 4,
  parts: MEDIA_MAX_FILES * 2 + 10,
}

export const messageRoutes = async (app: FastifyInstance, { auth, messages, rateLimits }: Services) => {
  await app.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS })
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.messageList, {}, async (request) =>
    messages.list(actorOf(request), request.params.ticketId, request.query.pageNumber),
  )

  /**
   * JSON `{body, quotedMsg, mediaUrl}`, or multipart with files in `medias` (one message each).
   * Each call counts once against the sender's send limit, before anything else is read; the body
   * is read here, as JSON or as a multipart form.
   */
  const countSend = async (request: FastifyRequest) => {
    await rateLimits.send(actorOf(request).id)
  }
  addRoute(app, routes.messageSend, { validate: ['params'], preValidation: countSend }, async (request) => {
    const actor = actorOf(request)
    const { ticketId } = request.params
    if (!request.isMultipart()) {
      return { messages: await messages.send(actor, ticketId, parseInput(routes.messageSend.body, request.body)) }
    }
    // Refuse an unknown, hidden or read-only ticket before reading any upload.
    await messages.writableTicket(actor, ticketId)
    const { files, fields } = await readUpload(request)
    const input = parseInput(routes.messageSend.multipart, fields)
    if (files.length === 0) throw fieldError(MEDIA_FIELD, 'validation.required')
    // The seed's clients put the file's name where a caption would go: that is not a caption.
    const caption = input.body === files[0]?.fileName ? '' : input.body
    return { messages: await messages.sendFiles(actor, ticketId, files, caption, input.quotedMsgId ?? null) }
  })

  addRoute(app, routes.messageDelete, {}, async (request) => messages.remove(actorOf(request), request.params.id))
}
