import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'

export interface InstagramCall {
  method: string
  path: string
  body: unknown
}

export interface FakeProfile {
  username: string
  name?: string
  profile_pic?: string
}

/**
 * A local stand-in for Meta's Instagram API with Instagram Login: records every call, answers message sends with
 * new ids (refusing, as Meta does with code 10, a recipient in `outsideWindow`), answers profiles of the ids it
 * was told about, and serves attachments under `/cdn/:name` as the CDN would.
 */
export const startInstagramFake = async (token: () => string) => {
  const app = Fastify()
  const calls: InstagramCall[] = []
  const profiles = new Map<string, FakeProfile>()
  const files = new Map<string, { data: Buffer; mime: string }>()
  const outsideWindow = new Set<string>()
  let sequence = 0
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/cdn/')) return
    if (request.headers.authorization !== `Bearer ${token()}`) {
      throw Object.assign(new Error('Invalid OAuth access token'), { statusCode: 401 })
    }
  })
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/cdn/')) calls.push({ method: request.method, path: request.url, body: request.body })
  })
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.status(error.statusCode ?? 500).send({ error: { message: error.message, code: 190 } }),
  )
  app.post('/:accountId/messages', async (request, reply) => {
    const body = request.body as { recipient?: { id?: string } }
    const to = body.recipient?.id ?? ''
    if (outsideWindow.has(to)) {
      return reply.status(400).send({
        error: { message: 'This message is sent outside of allowed window.', code: 10, error_subcode: 2534022 },
      })
    }
    sequence += 1
    return { recipient_id: to, message_id: `aWdfZAG1faXRlbToxOklH${sequence}` }
  })
  app.get('/cdn/:name', async (request, reply) => {
    const file = files.get((request.params as { name: string }).name)
    if (!file) return reply.status(404).send('gone')
    return reply.type(file.mime).send(file.data)
  })
  app.get('/:igsid', async (request, reply) => {
    const profile = profiles.get((request.params as { igsid: string }).igsid)
    if (!profile) return reply.status(400).send({ error: { message: 'Unsupported get request', code: 100 } })
    return { id: (request.params as { igsid: string }).igsid, ...profile }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return {
    url,
    calls,
    /** The sends recorded, oldest first. */
    sends: () =>
      calls
        .filter((c) => c.method === 'POST' && c.path.endsWith('/messages'))
        .map(
          (c) =>
            c.body as {
              recipient: { id: string }
              message: Record<string, unknown>
              tag?: string
              messaging_type?: string
            },
        ),
    addProfile: (igsid: string, profile: FakeProfile) => profiles.set(igsid, profile),
    addFile: (name: string, data: Buffer, mime: string) => {
      files.set(name, { data, mime })
      return `${url}/cdn/${name}`
    },
    refuseOutsideWindow: (igsid: string) => outsideWindow.add(igsid),
    close: () => app.close(),
  }
}
