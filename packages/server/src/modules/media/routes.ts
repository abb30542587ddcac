import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { routes, safeText } from '@desk/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, fieldError } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { ConversionError, createMp3Renditions } from './mp3'
import { parseRange } from './range'
import { sniffMime } from './store'

const MediaQuery = z.object({
  expires: z.coerce.number().int().catch(0),
  signature: safeText().max(200).catch(''),
  /** Not part of the signature: any signed address may ask for the MP3 copy of its sound. */
  format: z.unknown().optional(),
})
const MediaFormat = z.enum(['mp3']).optional()

/** The first bytes of a file, enough for `sniffMime`. */
const readHead = (file: string) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = []
    createReadStream(file, { start: 0, end: 15 })
      .on('data', (c) => chunks.push(c as Buffer))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', () => resolve(Buffer.alloc(0)))
  })

/**
 * Sends a stored file whole or, for a `Range` request, the asked part (206); Safari plays sound and
 * video only from servers that answer ranges, and every browser needs them to seek.
 */
const sendFile = (
  request: FastifyRequest,
  reply: FastifyReply,
  { file, size, modified, mime }: { file: string; size: number; modified: Date; mime: string },
) => {
  const etag = `"${size.toString(16)}-${modified.getTime().toString(16)}"`
  const lastModified = modified.toUTCString()
  const ifRange = request.headers['if-range']
  // A range is only served for the copy the client already holds part of (If-Range), else the whole file.
  const range = ifRange && ifRange !== etag && ifRange !== lastModified ? null : parseRange(request.headers.range, size)
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${size}`)
      .header('Accept-Ranges', 'bytes')
      .send({ error: 'ERR_VALIDATION', message: 'Range not satisfiable' })
  }
  // Pictures, sound and video show in the page; anything else is only ever downloaded.
  const inline = /^(image|audio|video)\//.test(mime)
  reply
    .header('Content-Type', mime)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', inline ? 'inline' : 'attachment')
  if (!range) return reply.header('Content-Length', size).send(createReadStream(file))
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(createReadStream(file, { start: range.start, end: range.end }))
}

/** Media behind signed, expiring addresses; no bearer token needed (an `<img>` cannot send one). */
export const mediaRoutes = async (app: FastifyInstance, { media }: Services) => {
  const renditions = createMp3Renditions()

  /** The MP3 copy of an Ogg/Opus sound (an MP3 is its own copy): 415 for other files, 422 when it does not decode. */
  const mp3Of = async (file: string, mime: string): Promise<string> => {
    if (mime === 'audio/mpeg') return file
    if (mime !== 'audio/ogg') {
      throw new AppError('ERR_MEDIA_CONVERSION', 415, undefined, 'Only Ogg/Opus sound has an MP3 copy')
    }
    try {
      return await renditions.mp3For(file)
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error
      throw new AppError('ERR_MEDIA_CONVERSION', 422, undefined, error.message)
    }
  }

  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { name, expires, signature }: { name: string; expires: number; signature: string },
  ) => {
    const query = MediaQuery.parse(request.query ?? {})
    const file = media.verify(name, expires, signature)
    const info = file ? await stat(file).catch(() => undefined) : undefined
    if (!file || !info?.isFile()) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'Media not found')
    const format = MediaFormat.safeParse(query.format)
    if (!format.success) throw fieldError('format', 'validation.invalid')
    const mime = sniffMime(await readHead(file))
    if (format.data !== 'mp3') return sendFile(request, reply, { file, size: info.size, modified: info.mtime, mime })
    const mp3 = await mp3Of(file, mime)
    const copy = await stat(mp3)
    return sendFile(request, reply, { file: mp3, size: copy.size, modified: copy.mtime, mime: 'audio/mpeg' })
  }

  /** `/media/<signature>/<expires>/<name>.<ext>`: the address ends in the file's extension. */
  addRoute(app, routes.media, {}, async (request, reply) => {
    const params = request.params as { signature: string; expires: string; name: string }
    const expires = /^\d{1,12}$/.test(params.expires) ? Number(params.expires) : 0
    return serve(request, reply, { name: params.name, expires, signature: params.signature })
  })

  /** The older form, `/media/<name>?expires=…&signature=…`, kept for addresses already handed out. */
  addRoute(app, routes.mediaLegacy, {}, async (request, reply) => {
    const { name } = request.params as { name: string }
    const query = MediaQuery.parse(request.query ?? {})
    return serve(request, reply, { name, expires: query.expires, signature: query.signature })
  })
}
