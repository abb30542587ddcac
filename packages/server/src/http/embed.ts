import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Id } from '@desk/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { WidgetService } from '../modules/widget/service'
import { framePolicy } from './security-headers'

/**
 * The embeddable widget's files, outside `/api` (declared here once, as data): the loader a
 * partner's page includes, the frame it opens (per connection), the frame's hashed files, and a
 * demo page. All come from the widget's build (`EMBED_DIST`, default `packages/embed/dist`);
 * a file that is not there is a 404.
 */
export const EMBED_PATHS = {
  loader: '/embed.js',
  frame: '/widget/:connectionId',
  assets: '/widget-assets/*',
  demo: '/embed-demo/*',
  /** The demo's own address, with or without its slash: sent on to its page. */
  demoHome: '/embed-demo',
} as const

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'ERR_NOT_FOUND', message: 'Not found' })

/** A file under `root`, never outside it (no `..`, no absolute path); undefined when it is not a file there. */
const fileUnder = async (root: string, relative: string) => {
  const full = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`)
  if (full !== root && !full.startsWith(`${root}${path.sep}`)) return undefined
  const info = await stat(full).catch(() => undefined)
  return info?.isFile() ? full : undefined
}

const sendFile = async (reply: FastifyReply, file: string, cache: string) =>
  reply
    .header('Content-Type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream')
    .header('Cache-Control', cache)
    .send(await readFile(file))

export const registerEmbed = (app: FastifyInstance, deps: { embedDir: string; widget: WidgetService }) => {
  const root = path.resolve(deps.embedDir)
  const frameDir = path.join(root, 'frame')
  const under = (dir: string) => async (request: FastifyRequest, reply: FastifyReply, cache: string) => {
    const file = await fileUnder(dir, (request.params as { '*'?: string })['*'] ?? '')
    return file ? sendFile(reply, file, cache) : notFound(reply)
  }

  app.register(async (scope) => {
    // Partner pages load the loader as a script from another origin.
    scope.route({
      method: 'GET',
      url: EMBED_PATHS.loader,
      config: { securityHeaders: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
      handler: async (_request, reply) => {
        const file = await fileUnder(root, 'embed.js')
        return file ? sendFile(reply, file, 'public, max-age=300') : notFound(reply)
      },
    })

    // The frame: framed only by the connection's allowed origins (its policy is written per request).
    scope.route({
      method: 'GET',
      url: EMBED_PATHS.frame,
      config: {
        securityHeaders: {
          contentSecurityPolicy: false,
          frameguard: false,
          crossOriginResourcePolicy: { policy: 'cross-origin' },
        },
      },
      handler: async (request, reply) => {
        const id = Id.safeParse((request.params as { connectionId: string }).connectionId)
        const config = id.success ? await deps.widget.config(id.data).catch(() => undefined) : undefined
        const file = config ? await fileUnder(frameDir, 'index.html') : undefined
        if (!config || !file) return notFound(reply)
        reply.header('Content-Security-Policy', framePolicy(config.allowedOrigins, request.raw))
        return sendFile(reply, file, 'no-cache')
      },
    })

    const assets = under(frameDir)
    scope.route({
      method: 'GET',
      url: EMBED_PATHS.assets,
      handler: (request, reply) => assets(request, reply, 'public, max-age=31536000, immutable'),
    })
    // The demo's own address (with or without the slash) goes to its page, keeping `?connection=`.
    scope.route({
      method: 'GET',
      url: EMBED_PATHS.demoHome,
      handler: (request, reply) => {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
        return reply.redirect(`/embed-demo/index.html${query}`)
      },
    })
    const demo = under(path.join(root, 'demo'))
    scope.route({
      method: 'GET',
      url: EMBED_PATHS.demo,
      handler: (request, reply) => demo(request, reply, 'no-cache'),
    })
  })
}
