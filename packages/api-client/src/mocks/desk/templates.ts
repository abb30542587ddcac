import { HttpResponse } from 'msw'
import {
  type ConnectionDetail,
  ConnectionDetail as ConnectionDetailSchema,
  type Message,
  type MessageTemplate,
  renderTemplate,
  type SendMessageResponse,
  withVariables,
} from '../../contract'
import { callerOf, type DeskHandlerContext, fail, isAdmin, stamp } from '../support'

const UPDATED = '2026-01-14T16:20:00.000Z'

/**
 * A WhatsApp Business Cloud API connection with its Business Account id. Not in `connections`: stories and
 * tests that want it add it (`createMockDb({ connections: [...], templates: templateFixtures })`).
 */
export const cloudApiConnection: ConnectionDetail = ConnectionDetailSchema.parse({
  id: 6,
  name: 'Cloud line',
  status: 'CONNECTED',
  qrcode: null,
  retries: 0,
  isDefault: false,
  greetingMessage: null,
  farewellMessage: null,
  driver: 'cloud-api',
  queues: [],
  cloudApi: {
    phoneNumberId: '106540352242922',
    businessAccountId: '102290129340398',
    hasAccessToken: true,
    hasVerifyToken: true,
    hasAppSecret: true,
    webhookPath: '/webhooks/whatsapp/6',
  },
  createdAt: UPDATED,
  updatedAt: UPDATED,
})

const template = (t: Omit<MessageTemplate, 'variables' | 'connectionId' | 'updatedAt'>): MessageTemplate => ({
  ...t,
  ...withVariables(t),
  connectionId: cloudApiConnection.id,
  updatedAt: UPDATED,
})

/** The Cloud API connection's templates: approved ones in three languages, one pending and one rejected. */
export const templateFixtures: MessageTemplate[] = [
  template({
    id: 701,
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    reason: null,
    header: { format: 'TEXT', text: 'Order {{1}}' },
    body: 'Hello {{1}}, your order {{2}} has shipped.',
    footer: 'Reply STOP to opt out',
    buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.test/track/{{1}}' }],
    examples: { 'header.1': '#123', 'body.1': 'Maria', 'body.2': '#123', 'button.0.1': '123' },
  }),
  template({
    id: 702,
    name: 'follow_up',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'APPROVED',
    reason: null,
    header: null,
    body: 'Olá {{1}}, podemos continuar a conversa?',
    footer: null,
    buttons: [],
    examples: { 'body.1': 'Maria' },
  }),
  template({
    id: 703,
    name: 'login_code',
    language: 'es',
    category: 'AUTHENTICATION',
    status: 'PENDING',
    reason: null,
    header: null,
    body: 'Su código es {{1}}.',
    footer: null,
    buttons: [],
    examples: { 'body.1': '482910' },
  }),
  template({
    id: 704,
    name: 'big_sale',
    language: 'en_US',
    category: 'MARKETING',
    status: 'REJECTED',
    reason: 'INVALID_FORMAT',
    header: null,
    body: 'Everything half price this weekend!',
    footer: null,
    buttons: [],
  }),
]

/**
 * `/templates` (the stored list), `/templates/sync` (admins; the mocks' Graph API answers with what is stored,
 * or refuses a connection without a Business Account id) and `/messages/:ticketId/template`.
 */
export function templateHandlers({ db, route, wait }: DeskHandlerContext) {
  const guard = async (request: Request, adminOnly: boolean) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    return adminOnly && !isAdmin(me.user) ? fail(403, 'ERR_NO_PERMISSION') : undefined
  }
  const cloudConnection = (id: number) =>
    db.connections.find((c): c is ConnectionDetail => c.id === id && c.driver === 'cloud-api')
  return [
    route('templateList', async ({ request }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const query = new URL(request.url).searchParams
      const connectionId = query.get('connectionId')
      const approvedOnly = query.get('approvedOnly') === 'true'
      return HttpResponse.json(
        db.templates.filter(
          (t) =>
            (connectionId === null || t.connectionId === Number(connectionId)) &&
            (!approvedOnly || t.status === 'APPROVED'),
        ),
      )
    }),
    route('templateSync', async ({ request, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      const connection = cloudConnection(data.connectionId)
      if (!connection) return fail(404, 'ERR_NO_WAPP_FOUND')
      if (!connection.cloudApi?.businessAccountId) {
        return fail(409, 'ERR_TEMPLATES_NO_ACCOUNT', {
          fields: [{ path: 'cloudApi.businessAccountId', message: 'validation.required' }],
        })
      }
      const syncedAt = stamp(db)
      return HttpResponse.json({
        templates: db.templates.filter((t) => t.connectionId === connection.id),
        syncedAt,
      })
    }),
    route('messageSendTemplate', async ({ request, params, body }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      const ticket = db.tickets.find((t) => t.id === Number(params.ticketId))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      const chosen = db.templates.find((t) => t.id === data.templateId && t.connectionId === ticket.whatsappId)
      if (!chosen) return fail(404, 'ERR_NO_TEMPLATE_FOUND')
      if (chosen.status !== 'APPROVED') return fail(409, 'ERR_TEMPLATE_NOT_APPROVED')
      const shown = renderTemplate(chosen, data.variables)
      const message: Message = {
        id: db.nextId++,
        ticketId: ticket.id,
        body: [shown.header?.text, shown.body, shown.footer].filter(Boolean).join('\n\n'),
        fromMe: true,
        read: true,
        ack: 1,
        isDeleted: false,
        mediaUrl: null,
        mediaType: 'chat',
        contact: null,
        quotedMsg: null,
        createdAt: stamp(db),
        updatedAt: stamp(db),
      }
      db.messages.push(message)
      return HttpResponse.json<SendMessageResponse>({ messages: [message] })
    }),
  ]
}
