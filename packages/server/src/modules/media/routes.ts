import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Services } from '../../http/app'
import { AppError } from '../../http/errors'
import { sniffMime } from './store'

const MediaQuery = z.object({
  expires: z.coerce.number().int().catch(0),
  signature: z.string().max(200).catch(''),
})

/** Media behind signed, expiring addresses; no bearer token needed (an `<img>` cannot send one). */
export const mediaRoutes = async (app: FastifyInstance, { media }: Services) => {
  app.get('/media/:name', async (request, reply) => {
    const { name } = request.params as { name: string }
    const { expires, signature } = MediaQuery.parse(request.query ?? {})
    const file = media.verify(name, expires, signature)
    const info = file ? await stat(file).catch(() => undefined) : undefined
    if (!file || !info?.isFile()) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'Media not found')
    const head = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = []
      createReadStream(file, { start: 0, end: 15 })
        .on('data', (c) => chunks.push(c as Buffer))
        .on('end', () => resolve(Buffer.concat(chunks)))
        .on('error', () => resolve(Buffer.alloc(0)))
    })
    const mime = sniffMime(head)
    // Pictures, sound and video show in the page; anything else is only ever downloaded.
    const inline = /^(image|audio|video)\//.test(mime)
    return reply
      .header('Content-Type', mime)
      .header('Content-Length', info.size)
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', inline ? 'inline' : 'attachment')
      .send(createReadStream(file))
  })
}
