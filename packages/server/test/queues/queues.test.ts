import type { QueueEvent, User, UserEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { type Client, startWithAgent, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`queues (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client

    beforeAll(async () => {
      ;({ t, admin, agent } = await startWithAgent(driver))
    })
    afterAll(() => t?.close())

    it('lets admins create, read, edit and delete queues, and tells every signed-in user', async () => {
      const heard = listen(await t.socket(agent.token))
      const created = await admin.call('queueCreate', {
        body: { name: ' Sales ', color: '#7CB342', greetingMessage: '' },
      })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({ name: 'Sales', color: '#7cb342', greetingMessage: null })
      const event = await heard.until<QueueEvent>(
        (name, p) => name === 'queue' && (p as QueueEvent).action === 'create',
      )
      expect(event).toMatchObject({ action: 'create', queue: { id: created.body.id, name: 'Sales' } })

      const id = created.body.id
      expect((await agent.call('queueGet', { params: { id } })).body.name).toBe('Sales')
      const edited = await admin.call('queueUpdate', { params: { id }, body: { greetingMessage: 'Welcome to sales' } })
      expect(edited.body).toMatchObject({ name: 'Sales', color: '#7cb342', greetingMessage: 'Welcome to sales' })
      await heard.until((name, p) => name === 'queue' && (p as QueueEvent).action === 'update')

      const list = await agent.call('queueList')
      expect(list.body.map((q) => q.name)).toContain('Sales')

      expect((await admin.call('queueDelete', { params: { id } })).status).toBe(204)
      await heard.until((name, p) => name === 'queue' && (p as QueueEvent).action === 'delete')
      const gone = await admin.call('queueGet', { params: { id } })
      expect(gone.status).toBe(404)
      expect(gone.body.error).toBe('ERR_NOT_FOUND')
    })

    it('refuses a colour already in use, whatever its case or #, and a name in use', async () => {
      await admin.call('queueCreate', { body: { name: 'Support', color: '#00AAFF' } })
      const sameColor = await admin.call('queueCreate', { body: { name: 'Billing', color: '00aaff' } })
      expect(sameColor.status).toBe(400)
      expect(sameColor.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS')
      const sameName = await admin.call('queueCreate', { body: { name: 'SUPPORT', color: '#123456' } })
      expect(sameName.status).toBe(400)
      expect(sameName.body.fields?.[0]?.path).toBe('name')
      expect(sameName.body.fields?.[0]?.message).toBe('validation.taken')

      const billing = await admin.call('queueCreate', { body: { name: 'Billing', color: '#654321' } })
      const recolor = await admin.call('queueUpdate', { params: { id: billing.body.id }, body: { color: '#00aaff' } })
      expect(recolor.body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS')
      // Keeping its own colour is not a clash.
      expect(
        (
          await admin.call('queueUpdate', {
            params: { id: billing.body.id },
            body: { color: '#654321', name: 'Billing' },
          })
        ).status,
      ).toBe(200)
    })

    it('checks name and colour lengths and hex digits', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: 'S', color: '#abcdef' }, 'name'],
        [{ name: 'x'.repeat(51), color: '#abcdef' }, 'name'],
        [{ name: 'Short colour', color: '#a' }, 'color'],
        [{ name: 'Long colour', color: '#aabbccddee' }, 'color'],
        [{ name: 'Not hex', color: '#zzzzzz' }, 'color'],
        [{ color: '#abcdef' }, 'name'],
      ]
      for (const [body, field] of cases) {
        const res = await admin.call('queueCreate', { body })
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.fields?.map((f) => f.path)).toContain(field)
      }
    })

    it('takes colours of 3, 4, 6 or 8 hex digits only, with or without the #', async () => {
      const ok = ['#1a2', '3B4C', '#5d6e7f', '8a9b0c1d']
      for (const [i, color] of ok.entries()) {
        const res = await admin.call('queueCreate', { body: { name: `Hex ok ${i}`, color } })
        expect(res.status, color).toBe(200)
        // Stored the server's way: with the #, lower-case.
        expect(res.body.color).toBe(`#${color.replace('#', '').toLowerCase()}`)
      }
      for (const color of ['#12', '12345', '#12345', '1234567', '#1234567']) {
        const res = await admin.call('queueCreate', { body: { name: 'Hex bad', color } })
        expect(res.status, color).toBe(400)
        expect(res.body.fields, color).toEqual([{ path: 'color', message: 'validation.invalid' }])
      }
      const queue = (await admin.call('queueCreate', { body: { name: 'Hex edit', color: '#2e3f4a' } })).body
      const edited = await admin.call('queueUpdate', { params: { id: queue.id }, body: { color: '#2e3f4' } })
      expect(edited.body.fields).toEqual([{ path: 'color', message: 'validation.invalid' }])
      expect((await admin.call('queueGet', { params: { id: queue.id } })).body.color).toBe('#2e3f4a')
    })

    it('refuses writes by agents with 403, and unknown ids with 404', async () => {
      const queue = (await admin.call('queueCreate', { body: { name: 'Agents cannot', color: '#010203' } })).body
      expect((await agent.call('queueCreate', { body: { name: 'Mine', color: '#0f0f0f' } })).status).toBe(403)
      expect((await agent.call('queueUpdate', { params: { id: queue.id }, body: { name: 'Mine' } })).status).toBe(403)
      const del = await agent.call('queueDelete', { params: { id: queue.id } })
      expect(del.status).toBe(403)
      expect(del.body.error).toBe('ERR_NO_PERMISSION')
      expect((await agent.call('queueGet', { params: { id: queue.id } })).status).toBe(200)
      expect((await admin.call('queueUpdate', { params: { id: 99999 }, body: { name: 'Ghost' } })).status).toBe(404)
      expect((await admin.call('queueDelete', { params: { id: 99999 } })).status).toBe(404)
    })

    it('asks a connection with more than one queue for a greeting', async () => {
      const a = (await admin.call('queueCreate', { body: { name: 'Menu A', color: '#a1a1a1' } })).body
      const b = (await admin.call('queueCreate', { body: { name: 'Menu B', color: '#b2b2b2' } })).body
      const bare = await admin.call('connectionCreate', { body: { name: 'Two queues', queueIds: [a.id, b.id] } })
      expect(bare.status).toBe(400)
      expect(bare.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      const greeted = await admin.call('connectionCreate', {
        body: {
          name: 'Two queues',
          queueIds: [a.id, b.id],
          greetingMessage: 'Pick a queue',
        },
      })
      expect(greeted.status).toBe(200)
    })

    it('asks for the greeting when a connection is edited to more than one queue', async () => {
      // Queues without a greeting of their own, as in the create case above.
      const a = (await admin.call('queueCreate', { body: { name: 'Edit menu A', color: '#a3a3a3' } })).body
      const b = (await admin.call('queueCreate', { body: { name: 'Edit menu B', color: '#b4b4b4' } })).body
      const line = (await admin.call('connectionCreate', { body: { name: 'One queue', queueIds: [a.id] } })).body

      const bare = await admin.call('connectionUpdate', { params: { id: line.id }, body: { queueIds: [a.id, b.id] } })
      expect(bare.status).toBe(400)
      expect(bare.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      const blank = await admin.call('connectionUpdate', {
        params: { id: line.id },
        body: { queueIds: [a.id, b.id], greetingMessage: '  ' },
      })
      expect(blank.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      // Refused: the connection keeps its one queue.
      const kept = await admin.call('connectionGet', { params: { id: line.id } })
      expect(kept.body.queues.map((q) => q.id)).toEqual([a.id])

      const greeted = await admin.call('connectionUpdate', {
        params: { id: line.id },
        body: {
          queueIds: [a.id, b.id],
          greetingMessage: 'Pick one',
        },
      })
      expect(greeted.status).toBe(200)
      // With two queues the greeting cannot be taken away; one queue again needs none.
      const cleared = await admin.call('connectionUpdate', { params: { id: line.id }, body: { greetingMessage: '' } })
      expect(cleared.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      const single = await admin.call('connectionUpdate', {
        params: { id: line.id },
        body: { queueIds: [b.id], greetingMessage: '' },
      })
      expect(single.status).toBe(200)
    })

    it('takes a deleted queue off users and connections, and its tickets keep going without it', async () => {
      const queue = (await admin.call('queueCreate', { body: { name: 'Closing down', color: '#c0c0c0' } })).body
      const { user } = await t.addUser(admin, 'Queued', 'queued@desk.test')
      await admin.call('userUpdate', { params: { id: user.id }, body: { queueIds: [queue.id] } })
      const line = (await admin.call('connectionCreate', { body: { name: 'Line', queueIds: [queue.id] } })).body
      const now = new Date().toISOString()
      const contact = await t.server.db
        .insertInto('contacts')
        .values(contactRow({ name: 'C', number: '5511900001111' }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      const ticket = await t.server.db
        .insertInto('tickets')
        .values(ticketRow({ status: 'pending', contactId: contact.id, queueId: queue.id, whatsappId: line.id }, now))
        .returning('id')
        .executeTakeFirstOrThrow()

      const heard = listen(await t.socket(admin.token))
      expect((await admin.call('queueDelete', { params: { id: queue.id } })).status).toBe(204)
      // Lists of users and connections hear that they lost it.
      const told = await heard.until<UserEvent>(
        (name, p) => name === 'user' && (p as { user?: User }).user?.id === user.id,
      )
      expect(told).toMatchObject({ action: 'update', user: { queues: [] } })
      await heard.until(
        (name, p) => name === 'whatsapp' && (p as { whatsapp?: { id: number } }).whatsapp?.id === line.id,
      )
      expect((await admin.call('userGet', { params: { id: user.id } })).body.queues).toEqual([])
      expect((await admin.call('connectionGet', { params: { id: line.id } })).body.queues).toEqual([])
      const row = await t.server.db
        .selectFrom('tickets')
        .select('queueId')
        .where('id', '=', ticket.id)
        .executeTakeFirst()
      expect(row).toEqual({ queueId: null })
    })
  })
}
