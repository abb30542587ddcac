import type { Contact } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { SeedClient } from './seed-replay/seed-client'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>

/**
 * The seed's contact card (a vcard message): its "Conversar" button posts
 * `POST /contact {name, number, email: ""}` and opens a ticket with the `id` of the contact it gets
 * back; with no contact back, the card stays blank and the button disabled. So `/contact` finds the
 * contact saved with that number or creates it: it answers the saved contact, fills only what that
 * contact lacks (a name when it has none, an e-mail when it has none), and never overwrites what
 * an agent or the network gave it. `/contacts`, the desk's own create, still refuses a duplicate.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's contact card: POST /contact finds or creates (${driver})`, () => {
    let desk: Desk
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let browser: SeedClient
    let number = 5511950000000

    beforeAll(async () => {
      desk = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] })
      sim = desk.sim
      browser = new SeedClient(desk.t)
      browser.token = desk.alice.client.token
    })
    afterAll(() => desk?.t.close())

    /** The card's "Conversar", as the seed's client sends it. */
    const conversar = (json: Record<string, unknown>) => browser.send({ method: 'POST', path: '/contact', json })
    const next = () => {
      number += 1
      return String(number)
    }
    const contactsWith = async (digits: string) =>
      (
        await desk.admin.get<{ contacts: Contact[] }>(`/api/contacts?searchParam=${digits}&pageNumber=1`)
      ).body.contacts.filter((c) => c.number === digits)

    it('answers the contact already saved with that number, as it is (the empty e-mail changes nothing)', async () => {
      const from = next()
      const { ticketId } = await sim.inbound({ from, name: 'Maria', body: 'oi' })
      const saved = (await desk.admin.get<{ contactId: number }>(`/api/tickets/${ticketId}`)).body.contactId
      // An agent wrote her e-mail and an extra field.
      const edited = await desk.admin.put<Contact>(`/api/contacts/${saved}`, {
        email: 'maria@example.com',
        extraInfo: [{ name: 'CPF', value: '123' }],
      })
      expect(edited.status).toBe(200)

      const card = await conversar({ name: 'Maria da Silva', number: from, email: '' })
      expect(card.status, JSON.stringify(card.body)).toBe(200)
      expect(card.body).toMatchObject({ id: saved, name: 'Maria', number: from, email: 'maria@example.com' })
      expect(card.body.extraInfo).toEqual([expect.objectContaining({ name: 'CPF', value: '123' })])
      expect(await contactsWith(from)).toHaveLength(1)
    })

    it('finds it however the number was written on the card', async () => {
      const from = '5511950009876'
      await sim.inbound({ from, name: 'Rita', body: 'oi' })
      const card = await conversar({ name: 'Rita', number: '+55 (11) 95000-9876', email: '' })
      expect(card).toMatchObject({ status: 200, body: { name: 'Rita', number: from } })
      expect(await contactsWith(from)).toHaveLength(1)
    })

    it('fills only what the saved contact lacks: a name when it has none, an e-mail when it has none', async () => {
      const from = next()
      // First seen without a profile name: its name is its number, and it has no e-mail.
      await sim.inbound({ from, body: 'oi' })
      const filled = await conversar({ name: 'Paulo Souza', number: from, email: 'Paulo@Example.com' })
      expect(filled).toMatchObject({ status: 200, body: { name: 'Paulo Souza', email: 'paulo@example.com' } })
      // Once filled, another card changes neither.
      const again = await conversar({ name: 'Paulo S.', number: from, email: 'other@example.com' })
      expect(again).toMatchObject({ status: 200, body: { id: filled.body.id, name: 'Paulo Souza' } })
      expect(again.body.email).toBe('paulo@example.com')
    })

    it('creates a contact for a new number, with what the card gave', async () => {
      const from = next()
      const card = await conversar({ name: 'Novo Cliente', number: from, email: '' })
      expect(card).toMatchObject({ status: 200, body: { id: expect.any(Number), name: 'Novo Cliente', number: from } })
      expect(card.body.email).toBeNull()
      expect(await contactsWith(from)).toHaveLength(1)
    })

    it('two cards at once for one new number make one contact, and both get it', async () => {
      for (let round = 0; round < 5; round++) {
        const from = next()
        const answers = await Promise.all(
          ['Ana', 'Ana Lima', 'Ana', 'Ana L.'].map((name) => conversar({ name, number: from, email: '' })),
        )
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
        expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
        expect(await contactsWith(from)).toHaveLength(1)
      }
    })

    it('still checks the card: a one-letter name is refused on the field', async () => {
      const card = await conversar({ name: 'A', number: next(), email: '' })
      expect(card.status).toBe(400)
      expect(card.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'name' }] })
    })

    it('POST /contacts, the desk’s own create, still refuses a number already saved', async () => {
      const from = next()
      expect((await conversar({ name: 'Beto', number: from, email: '' })).status).toBe(200)
      const duplicate = await browser.send({ method: 'POST', path: '/contacts', json: { name: 'Beto', number: from } })
      expect(duplicate.status).toBe(400)
      expect(duplicate.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', fields: [{ path: 'number' }] })
    })
  })
}
