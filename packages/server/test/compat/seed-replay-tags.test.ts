import type { Tag, TicketListResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { SeedClient } from './seed-replay/seed-client'
import { readCatalogue, readShownTags, seedTagCalls } from './seed-replay/tag-calls'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>
const CATALOGUE = [
  ['VIP', '#ffaa00'],
  ['Late payer', '#d32f2f'],
  ['New', '#2e7d32'],
  ['Wholesale', '#1565c0'],
] as const

/**
 * The seed's tag calls replayed as its conversation screen sends them (see `seed-replay/tag-calls.ts`):
 * an agent holding the customer's open ticket loads the catalogue and the customer's tags, and
 * saves the editor with the seed's delete, pause, set. Then the same pair racing another save,
 * against the one-request replace the desk offers (`zdgSetUserTags` alone, or `PUT /contacts/:id/tags`).
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's tag calls (${driver})`, () => {
    let desk: Desk
    let seed: ReturnType<typeof seedTagCalls>
    let catalogue: Array<{ tag: string; color: string }>
    let number = 5511940000000

    beforeAll(async () => {
      desk = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] })
      for (const [tag, color] of CATALOGUE)
        expect((await desk.admin.post('/api/tags', { tag, color })).status).toBe(200)
      const browser = new SeedClient(desk.t)
      browser.token = desk.alice.client.token
      seed = seedTagCalls(browser)
      catalogue = readCatalogue(await seed.catalogue())
    })
    afterAll(() => desk?.t.close())

    /** A customer writes and Alice accepts the ticket: the drawer's tag editor is hers to use. */
    const customer = async (tags: string[] = []) => {
      number += 1
      const from = String(number)
      const { ticketId } = await desk.sim.inbound({ from, body: 'hello', name: 'Maria' })
      await desk.alice.client.put(`/api/tickets/${ticketId}`, { status: 'open', userId: desk.alice.user.id })
      const ticket = await desk.admin.get<{ contactId: number }>(`/api/tickets/${ticketId}`)
      if (tags.length) expect((await seed.set(from, tags)).status).toBe(200)
      return { from, ticketId: ticketId as number, contactId: ticket.body.contactId }
    }
    const shown = async (from: string) => readShownTags(await seed.namesOf(from), catalogue)
    const names = (from: string) => shown(from).then((tags) => tags.map(([name]) => name))

    it('GET getZDGTags/ answers the catalogue as {tag, color}', () => {
      expect(catalogue.map((t) => [t.tag, t.color])).toEqual(expect.arrayContaining(CATALOGUE.map((c) => [...c])))
    })

    it('GET getZDGUserTags/<number> answers an empty JSON string for a customer without tags', async () => {
      const { from } = await customer()
      expect(await shown(from)).toEqual([])
    })

    it('GET getZDGUserTags/<number> answers the names as one JSON string, which the seed family parses', async () => {
      const { from } = await customer(['VIP', 'New'])
      const answer = await seed.namesOf(from)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
      expect(answer.body).toBe('VIP,New')
      expect(await shown(from)).toEqual([
        ['VIP', '#ffaa00'],
        ['New', '#2e7d32'],
      ])
    })

    it('saving the editor (delete, the pause, set with the comma list) gives the ticket those tags', async () => {
      const { from, ticketId } = await customer(['New'])
      const { cleared, set } = await seed.save(from, ['VIP', 'Late payer'])
      expect(cleared.status).toBe(200)
      expect(set.status).toBe(200)
      expect(await shown(from)).toEqual([
        ['VIP', '#ffaa00'],
        ['Late payer', '#d32f2f'],
      ])
      const ticket = await desk.admin.get<{ tags: Tag[] }>(`/api/tickets/${ticketId}`)
      expect(ticket.body.tags.map((t) => t.tag)).toEqual(['VIP', 'Late payer'])
    })

    it('saving an emptied editor clears the tags', async () => {
      const { from } = await customer(['VIP'])
      const { cleared, set } = await seed.save(from, [])
      expect([cleared.status, set.status]).toEqual([200, 200])
      expect(await shown(from)).toEqual([])
    })

    it('the pair racing a replace: in its gap the tags are gone, and a save made from that view loses them', async () => {
      const { from, ticketId, contactId } = await customer(['VIP', 'New'])
      const vip = catalogue.find((t) => t.tag === 'VIP') as Tag
      let seenInTheGap: string[] = []
      // Alice adds "Late payer" with the seed's pair; the administrator opens the contact in the gap.
      await seed.save(from, ['VIP', 'New', 'Late payer'], async () => {
        seenInTheGap = (await desk.admin.get<Tag[]>(`/api/contacts/${contactId}/tags`)).body.map((t) => t.tag)
        const byTag = await desk.admin.get<TicketListResponse>(`/api/tickets?status=open&tagIds=[${vip.id}]`)
        expect(byTag.body.tickets.map((t) => t.id)).not.toContain(ticketId)
      })
      expect(seenInTheGap).toEqual([])
      // The administrator adds "Wholesale" to what they saw, in one request, after Alice's set.
      await desk.admin.put(`/api/contacts/${contactId}/tags`, { tags: [...seenInTheGap, 'Wholesale'] })
      // VIP and New are gone, though neither of them removed those.
      expect(await names(from)).toEqual(['Wholesale'])
    })

    it('the one-request replace racing the same save never loses a tag nobody removed', async () => {
      const { from, contactId } = await customer(['VIP', 'New'])
      const seen: string[][] = []
      for (let round = 0; round < 10; round++) {
        const alice = round % 2 ? ['VIP', 'New'] : ['VIP', 'New', 'Late payer']
        await Promise.all([
          // Alice saves with one request: no delete before it.
          seed.set(from, alice).then((answer) => expect(answer.status).toBe(200)),
          // The administrator reads the contact's tags and adds or drops "Wholesale" on what they saw.
          (async () => {
            const view = (await desk.admin.get<Tag[]>(`/api/contacts/${contactId}/tags`)).body.map((t) => t.tag)
            seen.push(view)
            const next = view.includes('Wholesale') ? view.filter((t) => t !== 'Wholesale') : [...view, 'Wholesale']
            expect((await desk.admin.put(`/api/contacts/${contactId}/tags`, { tags: next })).status).toBe(200)
          })(),
          names(from).then((view) => seen.push(view)),
        ])
        expect(await names(from)).toEqual(expect.arrayContaining(['VIP', 'New']))
      }
      expect(seen).toHaveLength(20)
      for (const view of seen) expect(view).toEqual(expect.arrayContaining(['VIP', 'New']))
    })
  })
}
