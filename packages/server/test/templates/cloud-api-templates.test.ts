import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloudChange, cloudText, deliverCloud } from '../support/cloud'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { type Client, startWithAgent, type TestServer } from '../support/server'
import { FOLLOW_UP, ORDER_UPDATE, templateStatusChange, WELCOME_NAMED } from '../support/templates'

const PHONE_ID = '106540352242932'
const WABA_ID = '102290129340398'
const APP_SECRET = 'app-secret-templates'
const TOKEN = 'token-templates'
const DAY_MS = 24 * 60 * 60 * 1000

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`Cloud API templates and the reply window (${driver})`, () => {
    let graph: Awaited<ReturnType<typeof startGraphFake>>
    let t: TestServer
    let admin: Client
    let agent: Client
    let connectionId: number

    beforeAll(async () => {
      graph = await startGraphFake(() => TOKEN)
      graph.addTemplate(ORDER_UPDATE)
      graph.addTemplate(FOLLOW_UP)
      graph.addTemplate(WELCOME_NAMED)
      ;({ t, admin, agent } = await startWithAgent(driver, { autoCloseHours: 0, cloudApiBaseUrl: graph.url }))
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Official line',
          driver: 'cloud-api',
          cloudApi: {
            phoneNumberId: PHONE_ID,
            accessToken: TOKEN,
            verifyToken: 'verify',
            appSecret: APP_SECRET,
            businessAccountId: WABA_ID,
          },
        },
      })
      connectionId = created.body.id
    })
    afterAll(async () => {
      await t?.close()
      await graph?.close()
    })

    const customerWrites = (from: string, id: string, body = 'Hello') =>
      deliverCloud(t.client(), connectionId, cloudText(PHONE_ID, { from, id, body, name: 'Maria' }), APP_SECRET)
    const openTicketOf = async (number: string) => {
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: number } })
      const ticket = list.body.tickets[0]!
      if (ticket.status !== 'open') {
        await admin.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })
      }
      return ticket
    }
    /** The customer's messages on the ticket, as if written `hours` ago. */
    const ageCustomerMessages = async (ticketId: number, hours: number) => {
      await t.server.db
        .updateTable('messages')
        .set({ createdAt: new Date(Date.now() - hours * 60 * 60 * 1000).toISOString() })
        .where('ticketId', '=', ticketId)
        .where('fromMe', '=', 0)
        .execute()
    }
    /** What the desk sent (read receipts left out). */
    const messageSends = () => graph.sends().filter((c) => (c.body as { status?: string }).status !== 'read')
    const templateNamed = async (name: string) => {
      const list = await agent.call('templateList', { query: { connectionId } })
      return list.body.find((template) => template.name === name)!
    }

    it("reads the business account's templates with their variables; only admins refresh", async () => {
      const refused = await agent.call('templateSync', { body: { connectionId } })
      expect(refused.status).toBe(403)
      const synced = await admin.call('templateSync', { body: { connectionId } })
      expect(synced.status).toBe(200)
      expect(graph.calls.some((c) => c.path.startsWith(`/${WABA_ID}/message_templates`))).toBe(true)
      expect(synced.body.templates.map((tpl) => [tpl.name, tpl.language, tpl.category, tpl.status])).toEqual([
        ['follow_up', 'pt_BR', 'MARKETING', 'APPROVED'],
        ['order_update', 'en_US', 'UTILITY', 'APPROVED'],
        ['welcome_named', 'es', 'MARKETING', 'PENDING'],
      ])
      const order = await templateNamed('order_update')
      expect(order.header).toEqual({ format: 'TEXT', text: 'Order {{1}}' })
      expect(order.footer).toBe('Reply STOP to opt out')
      expect(order.variables.map((v) => [v.key, v.example])).toEqual([
        ['header.1', '#123'],
        ['body.1', 'Maria'],
        ['body.2', '#123'],
        ['button.0.1', 'https://shop.test/track/123'],
      ])
      expect((await templateNamed('welcome_named')).variables.map((v) => v.key)).toEqual(['body.first_name'])
      const approved = await agent.call('templateList', { query: { connectionId, approvedOnly: true } })
      expect(approved.body.map((tpl) => tpl.name)).toEqual(['follow_up', 'order_update'])
    })

    it('keeps statuses in step with the status webhook, and a refresh drops templates no longer listed', async () => {
      const hook = await deliverCloud(
        t.client(),
        connectionId,
        templateStatusChange(ORDER_UPDATE, 'PAUSED', 'Low quality'),
        APP_SECRET,
      )
      expect(hook.status).toBe(200)
      expect(await templateNamed('order_update')).toMatchObject({ status: 'PAUSED', reason: 'Low quality' })
      await deliverCloud(t.client(), connectionId, templateStatusChange(WELCOME_NAMED, 'APPROVED'), APP_SECRET)
      expect(await templateNamed('welcome_named')).toMatchObject({ status: 'APPROVED', reason: null })
      // A forged review changes nothing.
      const forged = await t.client().call('webhookReceive', {
        params: { connectionId },
        raw: JSON.stringify(templateStatusChange(FOLLOW_UP, 'DISABLED')),
        headers: { 'x-hub-signature-256': 'sha256=00' },
        token: null,
      })
      expect(forged.status).toBe(403)
      expect((await templateNamed('follow_up')).status).toBe('APPROVED')
      await deliverCloud(t.client(), connectionId, templateStatusChange(ORDER_UPDATE, 'REINSTATED'), APP_SECRET)
      expect((await templateNamed('order_update')).status).toBe('APPROVED')
    })

    it('needs the business account id to read templates', async () => {
      const other = await admin.call('connectionCreate', {
        body: {
          name: 'No account',
          driver: 'cloud-api',
          cloudApi: { phoneNumberId: '1065403522', accessToken: TOKEN, verifyToken: 'v', appSecret: 's' },
        },
      })
      const refused = await admin.call('templateSync', { body: { connectionId: other.body.id } })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('ERR_TEMPLATES_NO_ACCOUNT')
      expect(refused.body.fields?.[0]?.path).toBe('cloudApi.businessAccountId')
      const sim = await connectSimulator(admin, { name: 'Sim line' })
      expect((await admin.call('templateSync', { body: { connectionId: sim.id } })).body.error).toBe(
        'ERR_NO_WAPP_FOUND',
      )
      await admin.call('connectionDelete', { params: { id: other.body.id } })
    })

    it('lets free text through inside the window and refuses it, storing nothing, once it closed', async () => {
      expect((await customerWrites('5511911110001', 'wamid.W1')).status).toBe(200)
      const ticket = await openTicketOf('5511911110001')
      const inside = await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Hi there' } })
      expect(inside.status).toBe(200)
      await ageCustomerMessages(ticket.id, 25)
      const read = await admin.call('ticketGet', { params: { id: ticket.id } })
      expect(Date.now() - Date.parse(read.body.lastCustomerMessageAt!)).toBeGreaterThan(DAY_MS)
      const sendsBefore = messageSends().length
      const listBefore = await admin.call('messageList', { params: { ticketId: ticket.id } })
      const outside = await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: { body: 'Still there?' },
      })
      expect(outside.status).toBe(409)
      expect(outside.body.error).toBe('ERR_REPLY_WINDOW_CLOSED')
      expect(outside.body.fields?.[0]?.path).toBe('body')
      expect(messageSends().length).toBe(sendsBefore)
      const listAfter = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(listAfter.body.count).toBe(listBefore.body.count)
      // The customer writing again opens it.
      await customerWrites('5511911110001', 'wamid.W2', 'Yes!')
      expect(
        (await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Great' } })).status,
      ).toBe(200)
    })

    it('sends a template with its variables whatever the window, kept as the customer sees it', async () => {
      await customerWrites('5511911110002', 'wamid.T1')
      const ticket = await openTicketOf('5511911110002')
      await ageCustomerMessages(ticket.id, 30)
      const order = await templateNamed('order_update')
      const missing = await admin.call('messageSendTemplate', {
        params: { ticketId: ticket.id },
        body: { templateId: order.id, variables: { 'header.1': '#77', 'body.1': 'Maria' } },
      })
      expect(missing.status).toBe(400)
      expect(missing.body.fields?.map((f) => f.path)).toEqual(['variables.body.2', 'variables.button.0.1'])
      const sent = await admin.call('messageSendTemplate', {
        params: { ticketId: ticket.id },
        body: {
          templateId: order.id,
          variables: { 'header.1': '#77', 'body.1': 'Maria', 'body.2': '#77', 'button.0.1': '77' },
        },
      })
      expect(sent.status).toBe(200)
      const message = sent.body.messages[0]!
      expect(message.body).toBe(
        '*Order #77*\n\nHello Maria, your order #77 has shipped.\n\n_Reply STOP to opt out_\n\n[Track]',
      )
      expect(message.error ?? null).toBeNull()
      const call = messageSends().at(-1)!.body as Record<string, unknown>
      expect(call).toMatchObject({
        to: '5511911110002',
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en_US' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: '#77' }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Maria' },
                { type: 'text', text: '#77' },
              ],
            },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '77' }] },
          ],
        },
      })
      const listed = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(listed.body.messages.at(-1)).toMatchObject({ body: message.body, fromMe: true })
    })

    it('refuses templates that are not approved or belong to another connection', async () => {
      await customerWrites('5511911110003', 'wamid.T3')
      const ticket = await openTicketOf('5511911110003')
      await deliverCloud(t.client(), connectionId, templateStatusChange(FOLLOW_UP, 'DISABLED'), APP_SECRET)
      const follow = await templateNamed('follow_up')
      const refused = await admin.call('messageSendTemplate', {
        params: { ticketId: ticket.id },
        body: { templateId: follow.id, variables: { 'body.1': 'Ana' } },
      })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('ERR_TEMPLATE_NOT_APPROVED')
      const unknown = await admin.call('messageSendTemplate', {
        params: { ticketId: ticket.id },
        body: { templateId: 999_999, variables: {} },
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toBe('ERR_NO_TEMPLATE_FOUND')
      await deliverCloud(t.client(), connectionId, templateStatusChange(FOLLOW_UP, 'REINSTATED'), APP_SECRET)
    })

    it('shows a send the network refused as failed with the reason: the window (131047) and a paused template', async () => {
      await customerWrites('5511911110004', 'wamid.F1')
      const ticket = await openTicketOf('5511911110004')
      // The desk still counts the window open; the network has closed it meanwhile.
      graph.windowClosedFor.add('5511911110004')
      const refused = await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: { body: 'Late answer' },
      })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('ERR_REPLY_WINDOW_CLOSED')
      const list = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(list.body.messages.at(-1)).toMatchObject({ body: 'Late answer', error: 'ERR_REPLY_WINDOW_CLOSED' })
      graph.pausedTemplates.add('follow_up')
      const follow = await templateNamed('follow_up')
      const paused = await admin.call('messageSendTemplate', {
        params: { ticketId: ticket.id },
        body: { templateId: follow.id, variables: { 'body.1': 'Ana' } },
      })
      expect(paused.status).toBe(409)
      expect(paused.body.error).toBe('ERR_TEMPLATE_PAUSED')
      const after = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(after.body.messages.at(-1)).toMatchObject({
        body: 'Olá Ana, podemos continuar a conversa?',
        error: 'ERR_TEMPLATE_PAUSED',
      })
      graph.pausedTemplates.delete('follow_up')
      graph.windowClosedFor.delete('5511911110004')
    })

    it('marks a message failed with the reason when a status webhook reports 131047 later', async () => {
      await customerWrites('5511911110005', 'wamid.S1')
      const ticket = await openTicketOf('5511911110005')
      const sent = await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: { body: 'Sent, then refused' },
      })
      const id = messageSends().at(-1)!
      expect(id).toBeDefined()
      const stored = await t.server.db
        .selectFrom('messages')
        .select('providerMessageId')
        .where('id', '=', Number(sent.body.messages[0]!.id))
        .executeTakeFirstOrThrow()
      const failed = cloudChange(
        {
          statuses: [
            {
              id: stored.providerMessageId!,
              status: 'failed',
              timestamp: '1700000001',
              recipient_id: '5511911110005',
              errors: [{ code: 131047, title: 'Re-engagement message' }],
            },
          ],
        },
        PHONE_ID,
      )
      expect((await deliverCloud(t.client(), connectionId, failed, APP_SECRET)).status).toBe(200)
      const list = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(list.body.messages.at(-1)).toMatchObject({ body: 'Sent, then refused', error: 'ERR_REPLY_WINDOW_CLOSED' })
    })

    it('starts a new ticket on the Cloud API closed (templates only); a simulator ticket has no window', async () => {
      const sim = await connectSimulator(admin, { name: 'Sim window' })
      const contact = await admin.call('contactCreate', { body: { name: 'New Customer', number: '5511922220001' } })
      const created = await admin.call('ticketCreate', { body: { contactId: contact.body.id, status: 'open' } })
      expect(created.body.whatsapp?.driver).toBe('cloud-api')
      expect(created.body.lastCustomerMessageAt).toBeNull()
      const text = await admin.call('messageSend', { params: { ticketId: created.body.id }, body: { body: 'Hello' } })
      expect(text.body.error).toBe('ERR_REPLY_WINDOW_CLOSED')
      const follow = await templateNamed('follow_up')
      const template = await admin.call('messageSendTemplate', {
        params: { ticketId: created.body.id },
        body: { templateId: follow.id, variables: { 'body.1': 'New Customer' } },
      })
      expect(template.status).toBe(200)
      const moved = await admin.call('ticketUpdate', { params: { id: created.body.id }, body: { whatsappId: sim.id } })
      expect(moved.status).toBe(200)
      const sent = await admin.call('messageSend', { params: { ticketId: created.body.id }, body: { body: 'Anytime' } })
      expect(sent.status).toBe(200)
    })
  })
}
