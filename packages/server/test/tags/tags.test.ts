import type { ContactTagsEvent, Tag, TagEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { type Client, startWithAgent, type TestServer } from '../support/server'

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
        expect((await admin.call('tagCreate', { body: { tag, color } })).status).toBe(200)
    })
    afterAll(() => t?.close())

    it('keeps a catalogue of unique names that admins write and everyone reads (the seed shape too)', async () => {
      const heard = listen(await t.socket(agent.token))
      const created = await admin.call('tagCreate', { body: { tag: ' Wholesale ', color: 'ABC' } })
      expect(created.body).toMatchObject({ tag: 'Wholesale', color: '#abc' })
      expect(await heard.until<TagEvent>((n, p) => n === 'tag' && (p as TagEvent).action === 'create')).toMatchObject({
        tag: { tag: 'Wholesale' },
      })

      const taken = await admin.call('tagCreate', { body: { tag: 'vip', color: '#000' } })
      expect(taken.status).toBe(400)
      expect(taken.body).toMatchObject({ error: 'ERR_TAG_ALREADY_EXISTS', fields: [{ path: 'tag' }] })
      const renameTaken = await admin.call('tagUpdate', { params: { id: created.body.id! }, body: { tag: 'NEW' } })
      expect(renameTaken.body.error).toBe('ERR_TAG_ALREADY_EXISTS')
      const comma = await admin.call('tagCreate', { body: { tag: 'a,b', color: '#000' } })
      expect(comma.body.fields?.[0]?.path).toBe('tag')

      expect((await agent.call('tagCreate', { body: { tag: 'Mine', color: '#000' } })).status).toBe(403)
      expect(
        (await agent.call('tagUpdate', { params: { id: created.body.id! }, body: { color: '#000' } })).status,
      ).toBe(403)
      expect((await agent.call('tagDelete', { params: { id: created.body.id! } })).status).toBe(403)
      expect((await admin.call('tagUpdate', { params: { id: 999999 }, body: { color: '#000' } })).body.error).toBe(
        'ERR_TAG_NOT_FOUND',
      )

      const seed = await agent.call('seedTagList')
      expect(seed.status).toBe(200)
      expect(seed.body).toEqual(expect.arrayContaining([expect.objectContaining({ tag: 'VIP', color: '#ffaa00' })]))
      expect((await admin.call('tagDelete', { params: { id: created.body.id! } })).status).toBe(204)
    })

    it("replaces a contact's tags in one request and answers the seed's comma string", async () => {
      const { contactId } = await contactWithTicket('5511900000001', 'open', agentId)
      const heard = listen(await t.socket(admin.token))
      const set = await agent.call('seedSetUserTags', {
        body: {
          msgFrom: '5511900000001@c.us',
          tags: 'vip, New,VIP',
        },
      })
      expect(set.status).toBe(200)
      expect(names(set.body)).toEqual(['VIP', 'New'])
      const event = await heard.until<ContactTagsEvent>((n) => n === 'contactTags')
      expect(event).toMatchObject({ action: 'update', contactId })
      expect(names(event.tags)).toEqual(['VIP', 'New'])

      const read = await agent.call('seedUserTags', { params: { number: '5511900000001' } })
      expect(read.status).toBe(200)
      // One JSON string: the seed family's clients parse the answer as JSON.
      expect(read.headers.get('content-type')).toMatch(/^application\/json/)
      expect(read.body).toBe('VIP,New')
      // As the seed's client reads it: one string, split on commas.
      expect(read.body.split(',')).toEqual(['VIP', 'New'])

      // The seed's pair: delete, then set; and an array from our own clients.
      expect((await agent.call('seedDeleteUserTags', { body: { msgFrom: '5511900000001' } })).status).toBe(200)
      expect((await agent.call('seedUserTags', { params: { number: '5511900000001' } })).body).toBe('')
      await agent.call('seedSetUserTags', { body: { msgFrom: '5511900000001', tags: 'Late payer' } })
      expect((await agent.call('seedUserTags', { params: { number: '5511900000001' } })).body).toBe('Late payer')
      const byId = await agent.call('contactTagsSet', {
        params: { id: contactId },
        body: { tags: ['New', 'Late payer'] },
      })
      expect(names(byId.body)).toEqual(['New', 'Late payer'])
      expect(names((await agent.call('contactTags', { params: { id: contactId } })).body)).toEqual([
        'New',
        'Late payer',
      ])
    })

    it('refuses unknown tags with the field, and changes nothing', async () => {
      const { contactId } = await contactWithTicket('5511900000002', 'open', agentId)
      await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['VIP'] } })
      const seed = await agent.call('seedSetUserTags', { body: { msgFrom: '5511900000002', tags: 'New,Nope' } })
      expect(seed.status).toBe(400)
      expect(seed.body).toMatchObject({ error: 'ERR_TAG_NOT_FOUND', fields: [{ path: 'tags' }] })
      expect(seed.body.message).toContain('Nope')
      const ours = await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['Nope'] } })
      expect(ours.body.error).toBe('ERR_TAG_NOT_FOUND')
      expect((await agent.call('seedUserTags', { params: { number: '5511900000002' } })).body).toBe('VIP')

      const bad = await agent.call('seedSetUserTags', { body: { msgFrom: 'abc', tags: 'VIP' } })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.[0]?.path).toBe('msgFrom')
      const noContact = await agent.call('seedSetUserTags', { body: { msgFrom: '5599999999999', tags: 'VIP' } })
      expect(noContact.status).toBe(404)
      expect(noContact.body.error).toBe('ERR_NO_CONTACT_FOUND')
    })

    it('lets an admin, or an agent who sees an open or pending ticket of the contact, change tags', async () => {
      const theirs = await contactWithTicket('5511900000003', 'open', agentId)
      const waiting = await contactWithTicket('5511900000004', 'pending', null)
      const closedOnly = await contactWithTicket('5511900000005', 'closed', agentId)
      const { user: other } = await t.addUser(admin, 'Other', 'other@desk.test')
      const colleagues = await contactWithTicket('5511900000006', 'open', other.id)

      expect(
        (await agent.call('contactTagsSet', { params: { id: theirs.contactId }, body: { tags: ['VIP'] } })).status,
      ).toBe(200)
      expect(
        (await agent.call('contactTagsSet', { params: { id: waiting.contactId }, body: { tags: ['VIP'] } })).status,
      ).toBe(200)
      for (const { contactId } of [closedOnly, colleagues]) {
        const refused = await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['VIP'] } })
        expect(refused.status).toBe(403)
        expect(refused.body.error).toBe('ERR_NO_PERMISSION')
      }
      expect((await agent.call('seedDeleteUserTags', { body: { msgFrom: '5511900000006' } })).status).toBe(403)
      expect(
        (await admin.call('contactTagsSet', { params: { id: colleagues.contactId }, body: { tags: ['New'] } })).status,
      ).toBe(200)
      // Reading is for everyone signed in.
      expect((await agent.call('seedUserTags', { params: { number: '5511900000006' } })).body).toBe('New')
      expect((await t.client().call('seedUserTags', { params: { number: '5511900000006' } })).status).toBe(401)
    })

    it('leaves one whole set when sets of one contact race', async () => {
      const { contactId } = await contactWithTicket('5511900000007', 'open', agentId)
      const sets = [['VIP', 'New'], ['Late payer'], ['New', 'Late payer', 'VIP'], []]
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          sets.map((tags, i) =>
            (i % 2 ? admin : agent).call('seedSetUserTags', {
              body: {
                msgFrom: '5511900000007',
                tags: tags.join(','),
              },
            }),
          ),
        )
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
        const final = names((await agent.call('contactTags', { params: { id: contactId } })).body)
        expect(sets.map((s) => s.join())).toContain(final.join())
      }
    })

    it('fills the ticket list with tags, filters it by tag, and drops deleted tags from contacts', async () => {
      const { contactId, ticketId } = await contactWithTicket('5511900000008', 'open', agentId)
      const other = await contactWithTicket('5511900000009', 'open', agentId)
      await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['New', 'VIP'] } })
      await agent.call('contactTagsSet', { params: { id: other.contactId }, body: { tags: ['Late payer'] } })
      const list = await agent.call('ticketList', { query: { status: 'open' } })
      const mine = list.body.tickets.find((x) => x.id === ticketId)
      expect(mine?.tags?.map((x) => [x.tag, x.color])).toEqual([
        ['New', '#2e7d32'],
        ['VIP', '#ffaa00'],
      ])
      expect((await agent.call('ticketGet', { params: { id: ticketId } })).body.tags?.map((x) => x.tag)).toEqual([
        'New',
        'VIP',
      ])
      // A ticket read alone has its tags in the contact's order, read in the ticket's own statement.
      await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['VIP', 'New'] } })
      expect((await agent.call('ticketGet', { params: { id: ticketId } })).body.tags).toEqual([
        { id: expect.any(Number), tag: 'VIP', color: '#ffaa00' },
        { id: expect.any(Number), tag: 'New', color: '#2e7d32' },
      ])
      await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['New', 'VIP'] } })

      const tags = (await agent.call('tagList')).body
      const idOf = (name: string) => tags.find((x) => x.tag === name)!.id!
      const filtered = await agent.call('ticketList', { query: { status: 'open', tagIds: [idOf('New')] } })
      expect(filtered.body.tickets.map((x) => x.id)).toContain(ticketId)
      expect(filtered.body.tickets.map((x) => x.id)).not.toContain(other.ticketId)
      expect(filtered.body.tickets.every((x) => x.tags?.some((tag) => tag.tag === 'New'))).toBe(true)
      expect(filtered.body.count).toBe(filtered.body.tickets.length)
      const bad = await agent.call('ticketList', { query: { status: 'open', tagIds: '[x]' } })
      expect(bad.status).toBe(400)

      const temp = await admin.call('tagCreate', { body: { tag: 'Temporary', color: '#123456' } })
      await agent.call('contactTagsSet', { params: { id: contactId }, body: { tags: ['Temporary', 'VIP'] } })
      expect((await admin.call('tagDelete', { params: { id: temp.body.id! } })).status).toBe(204)
      expect((await agent.call('seedUserTags', { params: { number: '5511900000008' } })).body).toBe('VIP')
    })
  })
}
