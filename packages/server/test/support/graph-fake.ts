import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'

export interface GraphCall {
  method: string
  path: string
  authorization: string | undefined
  contentType: string | undefined
  /** Parsed JSON, or the raw text of other bodies (multipart uploads). */
  body: unknown
}

/**
 * A local stand-in for the Graph API of the WhatsApp Business Cloud API: records every call,
 * answers message sends with new ids, uploads with media ids, and serves media for download.
 * Sends to a number in `failFor` are refused the way the Graph API refuses them.
 */
export const startGraphFake = async (token: () => string) => {
  const app = Fastify()
  const calls: GraphCall[] = []
  const failFor = new Set<string>()
  const files = new Map<string, { data: Buffer; mime: string }>()
  let sequence = 0
  /** The business number's groups (the Groups API), by id. */
  const groups = new Map<string, { subject: string; description: string; participants: string[] }>()
  /** The business account's message templates, as `GET /{waba-id}/message_templates` lists them. */
  const templates: Array<Record<string, unknown>> = []
  /** Numbers whose 24-hour window is closed: free text to them is refused with 131047. */
  const windowClosedFor = new Set<string>()
  /** Template names the network refuses as paused (132015). */
  const pausedTemplates = new Set<string>()
  /** Appended to every message id the fake hands out (a network whose ids run long). */
  let idTail = ''
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body.toString('latin1')),
  )
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization !== `Bearer ${token()}`) {
      throw Object.assign(new Error('Invalid OAuth access token'), { statusCode: 401 })
    }
  })
  app.addHook('preHandler', async (request) => {
    calls.push({
      method: request.method,
      path: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: request.body,
    })
  })
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
    reply.status(error.statusCode ?? 500).send({ error: { message: error.message, code: 190 } }),
  )

  app.post('/:phoneId/messages', async (request, reply) => {
    const body = request.body as { to?: string; status?: string; type?: string; template?: { name?: string } }
    if (body.status === 'read') return { success: true }
    if (body.to && failFor.has(body.to)) {
      return reply.status(400).send({ error: { message: 'Recipient phone number not in allowed list', code: 131030 } })
    }
    if (body.type !== 'template' && body.to && windowClosedFor.has(body.to)) {
      return reply.status(400).send({ error: { message: 'Re-engagement message', code: 131047 } })
    }
    if (body.type === 'template' && pausedTemplates.has(body.template?.name ?? '')) {
      return reply.status(400).send({ error: { message: 'Template is paused', code: 132015 } })
    }
    sequence += 1
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.OUT${sequence}${idTail}` }],
    }
  })
  app.post('/:phoneId/media', async () => {
    sequence += 1
    return { id: `MEDIA${sequence}` }
  })
  app.get('/files/:id', async (request, reply) => {
    const file = files.get((request.params as { id: string }).id)
    if (!file) return reply.status(404).send({ error: { message: 'gone', code: 100 } })
    return reply.type(file.mime).send(file.data)
  })
  // Groups API: the list, a creation (accepted now, listed at once), a group's info, its settings, its invite link.
  app.get('/:phoneId/groups', async () => ({
    data: { groups: [...groups].map(([id, g]) => ({ id, subject: g.subject, created_at: '1700000000' })) },
    paging: { cursors: {} },
  }))
  app.post('/:phoneId/groups', async (request) => {
    const body = request.body as { subject: string; description?: string }
    sequence += 1
    groups.set(`Y2FwaV9ncm91cDo${sequence}`, {
      subject: body.subject,
      description: body.description ?? '',
      participants: [],
    })
    return { messaging_product: 'whatsapp', request_id: `REQ${sequence}` }
  })
  app.post('/:groupId', async (request, reply) => {
    const group = groups.get((request.params as { groupId: string }).groupId)
    if (!group) return reply.status(404).send({ error: { message: 'Unknown group', code: 100 } })
    const body = request.body as { subject?: string; description?: string }
    if (body.subject !== undefined) group.subject = body.subject
    if (body.description !== undefined) group.description = body.description
    return { success: true }
  })
  app.get('/:groupId/invite_link', async (request, reply) => {
    const id = (request.params as { groupId: string }).groupId
    if (!groups.has(id)) return reply.status(404).send({ error: { message: 'Unknown group', code: 100 } })
    return { messaging_product: 'whatsapp', invite_link: `https://chat.whatsapp.com/INVITE${id}` }
  })
  app.get('/:wabaId/message_templates', async (request) => {
    const query = request.query as { after?: string; limit?: string }
    const limit = Number(query.limit ?? 100)
    const start = Number(query.after ?? 0)
    const page = templates.slice(start, start + limit)
    const next = start + limit < templates.length ? String(start + limit) : undefined
    return { data: page, paging: { cursors: { after: next ?? '' }, ...(next ? { next: `${url}/next` } : {}) } }
  })
  app.get('/:mediaId', async (request, reply) => {
    const { mediaId } = request.params as { mediaId: string }
    const group = groups.get(mediaId)
    if (group) {
      return {
        id: mediaId,
        subject: group.subject,
        description: group.description,
        participants: group.participants.map((wa_id) => ({ wa_id })),
      }
    }
    const file = files.get(mediaId)
    if (!file) return reply.status(404).send({ error: { message: 'Unknown media', code: 100 } })
    return { url: `${url}/files/${mediaId}`, mime_type: file.mime, id: mediaId, messaging_product: 'whatsapp' }
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return {
    url,
    calls,
    failFor,
    /** Makes the ids of later sends end in `tail`. */
    lengthenIds: (tail: string) => {
      idTail = tail
    },
    groups,
    templates,
    windowClosedFor,
    pausedTemplates,
    /** A template of the business account, as the Graph API lists it. */
    addTemplate: (template: Record<string, unknown>) => templates.push(template),
    /** A group of the business number with people who joined through its link. */
    addGroup: (id: string, subject: string, participants: string[], description = '') =>
      groups.set(id, { subject, description, participants }),
    /** Media a customer sent, available for download under this id. */
    addMedia: (id: string, data: Buffer, mime: string) => files.set(id, { data, mime }),
    sends: () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages')),
    close: () => app.close(),
  }
}
