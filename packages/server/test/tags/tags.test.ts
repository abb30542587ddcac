import type { ContactTagsEvent, ErrorResponse, Tag, TagEvent, TicketListResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { type Client, startWithAgent, type TestServer } from '../support/server'

type Err = ErrorResponse
const names = (tags: Tag[]) => tags.map((t) => t.tag)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`tags (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let agentId: number
    const now = new Date().toISOString()

    /** A contact with this number, and a ticket of theirs in this state (held by `userId`). */
    const contactWithTicket = async (number: string, status: 'open' | 'pending' | 'closed', userId: number | null) => {
      const contact = await t.server.db
        .insertInto('contacts')
        .values(contactRow({ name: `Customer ${number}`, number }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      const ticket = await t.server.db
        .insertInto('tickets')
        .values(ticketRow({ status, contactId: contact.id, userId }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      return { contactId: contact.id, ticketId: ticket.id }
    }

    beforeAll(async () => {
      let agentUser: { id: number }
      ;({ t, admin, agent, agentUser } = await startWithAgent(driver))
      agentId = agentUser.id
      for (const [tag, color] of [
        ['VIP', '#FFAA00'],
        ['Late payer', '#d32f2f'],
        ['New', '#2e7d32'],
      ])
        expect((await admin.post('/api/tags', { tag, color })).status).toBe(200)
    })
    afterAll(() => t?.close())

    it('keeps a catalogue of unique names that admins write and everyone reads (the seed shape too)', async () => {
      const heard = listen(await t.socket(agent.token))
      const created = await admin.post<Tag>('/api/tags', { tag: ' Wholesale ', color: 'ABC' })
      expect(created.body).toMatchObject({ tag: 'Wholesale', color: '#abc' })
      expect(await heard.until<TagEvent>((n, p) => n === 'tag' && (p as TagEvent).action === 'create')).toMatchObject({
        tag: { tag: 'Wholesale' },
      })

      const taken = await admin.post<Err>('/api/tags', { tag: 'vip', color: '#000' })
      expect(taken.status).toBe(400)
      expect(taken.body).toMatchObject({ error: 'ERR_TAG_ALREADY_EXISTS', fields: [{ path: 'tag' }] })
      const renameTaken = await admin.put<Err>(`/api/tags/${created.body.id}`, { tag: 'NEW' })
      expect(renameTaken.body.error).toBe('ERR_TAG_ALREADY_EXISTS')
      const comma = await admin.post<Err>('/api/tags', { tag: 'a,b', color: '#000' })
      expect(comma.body.fields?.[0]?.path).toBe('tag')

      expect((await agent.post<Err>('/api/tags', { tag: 'Mine', color: '#000' })).status).toBe(403)
      expect((await agent.put<Err>(`/api/tags/${created.body.id}`, { color: '#000' })).status).toBe(403)
      expect((await agent.del(`/api/tags/${created.body.id}`)).status).toBe(403)
      expect((await admin.put<Err>('/api/tags/999999', { color: '#000' })).body.error).toBe('ERR_TAG_NOT_FOUND')

      const seed = await agent.get<Array<{ tag: string; color: string }>>('/api/getZDGTags')
      expect(seed.status).toBe(200)
      expect(seed.body).toEqual(expect.arrayContaining([expect.objectContaining({ tag: 'VIP', color: '#ffaa00' })]))
      expect((await admin.del(`/api/tags/${created.body.id}`)).status).toBe(204)
    })

    it("replaces a contact's tags in one request and answers the seed's comma string", async () => {
      const { contactId } = await contactWithTicket('5511900000001', 'open', agentId)
      const heard = listen(await t.socket(admin.token))
      const set = await agent.post<Tag[]>('/api/zdgSetUserTags', {
        msgFrom: '5511900000001@c.us',
        tags: 'vip, New,VIP',
      })
      expect(set.status).toBe(200)
      expect(names(set.body)).toEqual(['VIP', 'New'])
      const event = await heard.until<ContactTagsEvent>((n) => n === 'contactTags')
      expect(event).toMatchObject({ action: 'update', contactId })
      expect(names(event.tags)).toEqual(['VIP', 'New'])

      const read = await agent.get<string>('/api/getZDGUserTags/5511900000001')
      expect(read.status).toBe(200)
      // One JSON string: the seed family's clients parse the answer as JSON.
      expect(read.headers.get('content-type')).toMatch(/^application\/json/)
      expect(read.body).toBe('VIP,New')
      // As the seed's client reads it: one string, split on commas.
      expect(read.body.split(',')).toEqual(['VIP', 'New'])

      // The seed's pair: delete, then set; and an array from our own clients.
      expect((await agent.post('/api/zdgDeleteUserTags', { msgFrom: '5511900000001' })).status).toBe(200)
      expect((await agent.get<string>('/api/getZDGUserTags/5511900000001')).body).toBe('')
      await agent.post('/api/zdgSetUserTags', { msgFrom: '5511900000001', tags: 'Late payer' })
      expect((await agent.get<string>('/api/getZDGUserTags/5511900000001')).body).toBe('Late payer')
      const byId = await agent.put<Tag[]>(`/api/contacts/${contactId}/tags`, { tags: ['New', 'Late payer'] })
      expect(names(byId.body)).toEqual(['New', 'Late payer'])
      expect(names((await agent.get<Tag[]>(`/api/contacts/${contactId}/tags`)).body)).toEqual(['New', 'Late payer'])
    })

    it('refuses unknown tags with the field, and changes nothing', async () => {
      const { contactId } = await contactWithTicket('5511900000002', 'open', agentId)
      await agent.put(`/api/contacts/${contactId}/tags`, { tags: ['VIP'] })
      const seed = await agent.post<Err>('/api/zdgSetUserTags', { msgFrom: '5511900000002', tags: 'New,Nope' })
      expect(seed.status).toBe(400)
      expect(seed.body).toMatchObject({ error: 'ERR_TAG_NOT_FOUND', fields: [{ path: 'tags' }] })
      expect(seed.body.message).toContain('Nope')
      const ours = await agent.put<Err>(`/api/contacts/${contactId}/tags`, { tags: ['Nope'] })
      expect(ours.body.error).toBe('ERR_TAG_NOT_FOUND')
      expect((await agent.get<string>('/api/getZDGUserTags/5511900000002')).body).toBe('VIP')

      const bad = await agent.post<Err>('/api/zdgSetUserTags', { msgFrom: 'abc', tags: 'VIP' })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.[0]?.path).toBe('msgFrom')
      const noContact = await agent.post<Err>('/api/zdgSetUserTags', { msgFrom: '5599999999999', tags: 'VIP' })
      expect(noContact.status).toBe(404)
      expect(noContact.body.error).toBe('ERR_NO_CONTACT_FOUND')
    })

    it('lets an admin, or an agent who sees an open or pending ticket of the contact, change tags', async () => {
      const theirs = await contactWithTicket('5511900000003', 'open', agentId)
      const waiting = await contactWithTicket('5511900000004', 'pending', null)
      const closedOnly = await contactWithTicket('5511900000005', 'closed', agentId)
      const { user: other } = await t.addUser(admin, 'Other', 'other@desk.test')
      const colleagues = await contactWithTicket('5511900000006', 'open', other.id)

      expect((await agent.put(`/api/contacts/${theirs.contactId}/tags`, { tags: ['VIP'] })).status).toBe(200)
      expect((await agent.put(`/api/contacts/${waiting.contactId}/tags`, { tags: ['VIP'] })).status).toBe(200)
      for (const { contactId } of [closedOnly, colleagues]) {
        const refused = await agent.put<Err>(`/api/contacts/${contactId}/tags`, { tags: ['VIP'] })
        expect(refused.status).toBe(403)
        expect(refused.body.error).toBe('ERR_NO_PERMISSION')
      }
      expect((await agent.post('/api/zdgDeleteUserTags', { msgFrom: '5511900000006' })).status).toBe(403)
      expect((await admin.put(`/api/contacts/${colleagues.contactId}/tags`, { tags: ['New'] })).status).toBe(200)
      // Reading is for everyone signed in.
      expect((await agent.get<string>('/api/getZDGUserTags/5511900000006')).body).toBe('New')
      expect((await t.client().get('/api/getZDGUserTags/5511900000006')).status).toBe(401)
    })

    it('leaves one whole set when sets of one contact race', async () => {
      const { contactId } = await contactWithTicket('5511900000007', 'open', agentId)
      const sets = [['VIP', 'New'], ['Late payer'], ['New', 'Late payer', 'VIP'], []]
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          sets.map((tags, i) =>
            (i % 2 ? admin : agent).post<Tag[]>('/api/zdgSetUserTags', {
              msgFrom: '5511900000007',
              tags: tags.join(','),
            }),
          ),
        )
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
        const final = names((await agent.get<Tag[]>(`/api/contacts/${contactId}/tags`)).body)
        expect(sets.map((s) => s.join())).toContain(final.join())
      }
    })

    it('fills the ticket list with tags, filters it by tag, and drops deleted tags from contacts', async () => {
      const { contactId, ticketId } = await contactWithTicket('5511900000008', 'open', agentId)
      const other = await contactWithTicket('5511900000009', 'open', agentId)
      await agent.put(`/api/contacts/${contactId}/tags`, { tags: ['New', 'VIP'] })
      await agent.put(`/api/contacts/${other.contactId}/tags`, { tags: ['Late payer'] })
      const list = await agent.get<TicketListResponse>('/api/tickets?status=open')
      const mine = list.body.tickets.find((x) => x.id === ticketId)
      expect(mine?.tags?.map((x) => [x.tag, x.color])).toEqual([
        ['New', '#2e7d32'],
        ['VIP', '#ffaa00'],
      ])
      expect((await agent.get<{ tags: Tag[] }>(`/api/tickets/${ticketId}`)).body.tags?.map((x) => x.tag)).toEqual([
        'New',
        'VIP',
      ])

      const tags = (await agent.get<Tag[]>('/api/tags')).body
      const idOf = (name: string) => tags.find((x) => x.tag === name)!.id!
      const filtered = await agent.get<TicketListResponse>(`/api/tickets?status=open&tagIds=[${idOf('New')}]`)
      expect(filtered.body.tickets.map((x) => x.id)).toContain(ticketId)
      expect(filtered.body.tickets.map((x) => x.id)).not.toContain(other.ticketId)
      expect(filtered.body.tickets.every((x) => x.tags?.some((tag) => tag.tag === 'New'))).toBe(true)
      expect(filtered.body.count).toBe(filtered.body.tickets.length)
      const bad = await agent.get<Err>('/api/tickets?status=open&tagIds=[x]')
      expect(bad.status).toBe(400)

      const temp = await admin.post<Tag>('/api/tags', { tag: 'Temporary', color: '#123456' })
      await agent.put(`/api/contacts/${contactId}/tags`, { tags: ['Temporary', 'VIP'] })
      expect((await admin.del(`/api/tags/${temp.body.id}`)).status).toBe(204)
      expect((await agent.get<string>('/api/getZDGUserTags/5511900000008')).body).toBe('VIP')
    })
  })
}
