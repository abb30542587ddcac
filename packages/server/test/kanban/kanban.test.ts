import type { CardEvent, Lane, LaneEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { apiPath, Client, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`kanban (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: Client
    let bob: Client
    let aliceId: number
    let sales: number
    let sim: Awaited<ReturnType<typeof startTwoAgentDesk>>['sim']
    let number = 5511970000000

    /** A customer writes in and `who` accepts the ticket: an open ticket, theirs. */
    const openTicket = async (who: Client, userId: number, body = 'Hello there') => {
      number += 1
      const { ticketId } = await sim.inbound({ from: String(number), body, isGroup: false, mediaType: 'chat' })
      const accepted = await who.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId } })
      expect(accepted.status).toBe(200)
      return ticketId
    }
    const lanes = async () => (await admin.call('laneList')).body

    beforeAll(async () => {
      const desk = await startTwoAgentDesk(driver, { alice: ['sales'], bob: ['support'] })
      ;({ t, admin, sales, sim } = desk)
      alice = desk.alice.client
      bob = desk.bob.client
      aliceId = desk.alice.user.id
    })
    afterAll(() => t?.close())

    it('starts with one lane, where every open ticket sits', async () => {
      const [first, ...rest] = await lanes()
      expect(rest).toEqual([])
      expect(first).toMatchObject({ laneId: String(first?.id), title: 'Open', position: 0 })
      const ticketId = await openTicket(alice, aliceId)
      const cards = (await alice.call('cardList')).body
      expect(cards).toEqual([
        expect.objectContaining({
          id: ticketId,
          ticketId,
          status: 'open',
          laneId: first?.laneId,
          title: expect.any(String),
        }),
      ])
      expect(cards[0]).toMatchObject({ description: 'Hello there', user: { id: aliceId, name: 'Alice' }, tags: [] })
    })

    it("shows the contact's tags on its card", async () => {
      const ticketId = await openTicket(alice, aliceId)
      expect((await admin.call('tagCreate', { body: { tag: 'VIP', color: '#ff0000' } })).status).toBe(200)
      const set = await alice.call('seedSetUserTags', { body: { msgFrom: String(number), tags: 'VIP' } })
      expect(set.status).toBe(200)
      const card = (await alice.call('cardGet', { params: { cardId: ticketId } })).body
      expect(card.tags).toEqual([expect.objectContaining({ tag: 'VIP', color: '#ff0000' })])
      const all = (await alice.call('cardList')).body
      expect(all.find((c) => c.ticketId === ticketId)?.tags).toEqual(card.tags)
    })

    it('lets only admins make, rename, colour, reorder and delete lanes, live for everyone', async () => {
      const heard = listen(await t.socket(bob.token))
      expect((await alice.call('laneCreate', { body: { title: 'Nope' } })).status).toBe(403)
      const made = await admin.call('laneCreate', { body: { title: 'Waiting on customer', color: 'ABCDEF' } })
      expect(made.status).toBe(200)
      expect(made.body).toMatchObject({ title: 'Waiting on customer', color: '#abcdef', position: 1 })
      await heard.until((name, p) => name === 'lane' && (p as LaneEvent).action === 'create')
      const done = (await admin.call('laneCreate', { body: { title: 'Done' } })).body
      expect(done.position).toBe(2)

      expect((await bob.call('laneUpdate', { params: { id: done.id }, body: { title: 'Mine' } })).status).toBe(403)
      const renamed = await admin.call('laneUpdate', {
        params: { id: done.id },
        body: { title: 'Finished', color: '#123' },
      })
      expect(renamed.body).toMatchObject({ id: done.id, title: 'Finished', color: '#123' })

      const order = [done.id, ...(await lanes()).map((l) => l.id).filter((id) => id !== done.id)]
      expect((await alice.call('laneOrder', { body: { laneIds: order } })).status).toBe(403)
      const reordered = await admin.call('laneOrder', { body: { laneIds: order } })
      expect(reordered.body.map((l) => l.id)).toEqual(order)
      expect((await lanes()).map((l) => l.id)).toEqual(order)
      await heard.until((name, p) => name === 'lane' && (p as LaneEvent).action === 'order')
      // Put it back last for the next tests.
      await admin.call('laneOrder', { body: { laneIds: [...order.slice(1), done.id] } })
    })

    it('answers bad lane input with 400 and the fields, and writes nothing', async () => {
      const before = await lanes()
      const bad: Array<['laneCreate' | 'laneOrder' | 'laneUpdate', { id?: number }, unknown, string]> = [
        ['laneCreate', {}, { title: '' }, 'title'],
        ['laneCreate', {}, { title: 'x'.repeat(51) }, 'title'],
        ['laneCreate', {}, { title: 'Colour', color: 'red' }, 'color'],
        ['laneCreate', {}, { title: 'Queue', entryQueueId: 99999 }, 'entryQueueId'],
        ['laneCreate', {}, { title: 'Answer', entryQuickAnswerId: 99999 }, 'entryQuickAnswerId'],
        ['laneOrder', {}, { laneIds: [before[0]?.id] }, 'laneIds'],
        ['laneOrder', {}, { laneIds: ['x'] }, 'laneIds.0'],
        ['laneUpdate', { id: before[0]?.id }, { title: 42 }, 'title'],
      ]
      for (const [name, params, body, field] of bad) {
        const res = await admin.call(name, { params, body })
        expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400)
        expect(res.body.fields?.map((f) => f.path)).toContain(field)
      }
      expect(await lanes()).toEqual(before)
      expect((await admin.call('laneUpdate', { params: { id: 99999 }, body: { title: 'Ghost' } })).body.error).toBe(
        'ERR_NO_LANE_FOUND',
      )
    })

    it('moves a card, saves it, and tells the board viewers who may see it', async () => {
      const ticketId = await openTicket(alice, aliceId, 'Move me')
      const target = (await lanes())[1] as Lane
      const aliceBoard = await t.socket(alice.token)
      expect(await aliceBoard.emitWithAck('joinTickets', 'open')).toBe(true)
      const bobBoard = await t.socket(bob.token)
      expect(await bobBoard.emitWithAck('joinTickets', 'open')).toBe(true)
      const aliceHeard = listen(aliceBoard)
      const bobHeard = listen(bobBoard)

      // The seed's body: lower-case keys, ids as text, the API token echoed.
      const moved = await alice.call('cardMove', {
        body: {
          ticketid: String(ticketId),
          laneid: target.laneId,
          token: 'x',
        },
      })
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({ ticketId, laneId: target.laneId })
      const event = await aliceHeard.until<CardEvent>((name) => name === 'card')
      expect(event).toMatchObject({ action: 'update', card: { ticketId, laneId: target.laneId } })
      expect((await alice.call('cardGet', { params: { cardId: ticketId } })).body.laneId).toBe(target.laneId)
      expect((await admin.call('cardList')).body.find((c) => c.ticketId === ticketId)?.laneId).toBe(target.laneId)
      // Bob may not see Alice's ticket: he neither hears the move nor sees or moves the card.
      expect(bobHeard.find((name) => name === 'card')).toBeUndefined()
      expect((await bob.call('cardList')).body.map((c) => c.ticketId)).not.toContain(ticketId)
      expect((await bob.call('cardGet', { params: { cardId: ticketId } })).status).toBe(403)
      const refused = await bob.call('cardMove', { body: { ticketid: ticketId, laneid: (await lanes())[0]?.id } })
      expect(refused.status).toBe(403)
      expect((await alice.call('cardGet', { params: { cardId: ticketId } })).body.laneId).toBe(target.laneId)
      expect((await bob.call('cardGet', { params: { cardId: 99999 } })).status).toBe(404)
      expect((await alice.call('cardMove', { body: { ticketid: ticketId, laneid: 99999 } })).body.error).toBe(
        'ERR_NO_LANE_FOUND',
      )
      const bad = await alice.call('cardMove', { body: { ticketid: 'abc', laneid: '' } })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.map((f) => f.path).sort()).toEqual(['laneid', 'ticketid'])
    })

    it('shows open tickets only: a closed ticket leaves the board and cannot be moved', async () => {
      const ticketId = await openTicket(alice, aliceId)
      await alice.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed', userId: aliceId } })
      expect((await admin.call('cardList')).body.map((c) => c.ticketId)).not.toContain(ticketId)
      const res = await alice.call('cardMove', { body: { ticketid: ticketId, laneid: (await lanes())[1]?.id } })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('ERR_TICKET_NOT_OPEN')
    })

    it('deletes a lane only when it is empty, and never the last one', async () => {
      const [first, second] = await lanes()
      const full = await admin.call('laneDelete', { params: { id: second?.id } })
      expect(full.status).toBe(409)
      expect(full.body.error).toBe('ERR_LANE_NOT_EMPTY')
      // The first lane holds every ticket never moved.
      expect((await admin.call('laneDelete', { params: { id: first?.id } })).body.error).toBe('ERR_LANE_NOT_EMPTY')
      const spare = (await admin.call('laneCreate', { body: { title: 'Spare' } })).body
      expect((await alice.call('laneDelete', { params: { id: spare.id } })).status).toBe(403)
      expect((await admin.call('laneDelete', { params: { id: spare.id } })).status).toBe(204)
      expect((await lanes()).map((l) => l.id)).not.toContain(spare.id)
      expect((await admin.call('laneDelete', { params: { id: spare.id } })).status).toBe(404)
    })

    it('runs a lane entry actions once: the ticket joins the queue and gets the quick answer', async () => {
      const answer = await admin.call('quickAnswerCreate', {
        body: {
          shortcut: 'followup',
          message: 'Hi {{name}}, we are on it.',
        },
      })
      const lane = (
        await admin.call('laneCreate', {
          body: {
            title: 'Sales follow-up',
            entryQueueId: sales,
            entryQuickAnswerId: answer.body.id,
          },
        })
      ).body
      const ticketId = await openTicket(alice, aliceId, 'Any news?')
      const twice = await Promise.all([
        alice.call('cardMove', { body: { ticketid: ticketId, laneid: lane.id } }),
        alice.call('cardMove', { body: { ticketid: ticketId, laneid: lane.id } }),
      ])
      expect(twice.map((r) => r.status)).toEqual([200, 200])
      const ticket = (await alice.call('ticketGet', { params: { id: ticketId } })).body
      expect(ticket).toMatchObject({ queueId: sales, status: 'open', userId: aliceId })
      const sent = (await sim.outbox(ticket.contact.number ?? undefined)).filter((e) =>
        /we are on it/.test(JSON.stringify(e)),
      )
      expect(sent).toHaveLength(1)
    })

    it('exports a lane as a formula-safe CSV of the cards the caller may see', async () => {
      const [first] = await lanes()
      const laneId = first!.id
      const res = await fetch(`${t.url}${apiPath('laneCardsCsv', { id: laneId })}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="kanban-Open\.csv"/)
      const text = (await res.text()).replace(/^\uFEFF/, '')
      const lines = text.split('\r\n').filter(Boolean)
      expect(lines[0]).toBe('ticket;contact;number;assignee;queue;lastMessage;waitingSince')
      const mine = (await alice.call('cardList')).body.filter((c) => c.laneId === first?.laneId)
      expect(lines).toHaveLength(mine.length + 1)
      const formula = await openTicket(alice, aliceId, '=HYPERLINK("http://x.test")')
      const again = await (
        await fetch(`${t.url}${apiPath('laneCardsCsv', { id: laneId })}`, {
          headers: { authorization: `Bearer ${alice.token}` },
        })
      ).text()
      expect(again).toContain(`${formula};`)
      expect(again).toContain(`"'=HYPERLINK(""http://x.test"")"`)
      const bobCsv = await (
        await fetch(`${t.url}${apiPath('laneCardsCsv', { id: laneId })}`, {
          headers: { authorization: `Bearer ${bob.token}` },
        })
      ).text()
      expect(bobCsv).not.toContain(`${formula};`)
      expect((await fetch(`${t.url}${apiPath('laneCardsCsv', { id: laneId })}`)).status).toBe(401)
    })

    it('keeps a card whole when two server processes move it at once', async () => {
      const second: DeskServer = createServer({
        dataDir: t.storage.dataDir,
        databaseUrl: t.storage.databaseUrl,
        port: 0,
        host: '127.0.0.1',
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
      })
      const { url } = await second.listen()
      try {
        const other = new Client(url)
        other.token = alice.token
        const ticketId = await openTicket(alice, aliceId)
        const ids = (await lanes()).map((l) => l.id)
        const moves = await Promise.all(
          ids.flatMap((laneid, i) => [
            alice.call('cardMove', { body: { ticketid: ticketId, laneid } }),
            other.call('cardMove', { body: { ticketid: ticketId, laneid: ids[(i + 1) % ids.length] } }),
          ]),
        )
        expect(moves.every((m) => m.status === 200)).toBe(true)
        const placed = await t.server.db
          .selectFrom('ticket_lanes')
          .selectAll()
          .where('ticketId', '=', ticketId)
          .execute()
        expect(placed).toHaveLength(1)
        const card = (await alice.call('cardGet', { params: { cardId: ticketId } })).body
        expect(ids.map(String)).toContain(card.laneId)
        expect(card.laneId).toBe(String(placed[0]?.laneId))
      } finally {
        await second.close()
      }
    })
  })
}
