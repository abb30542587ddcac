import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'

/**
 * One message to one number (`POST /zdg` and its media siblings with `number`) counts against the sender's
 * send limit, the same counter as their chat messages, kept in the database's `rate_limits` table.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`single outreach sends under the send limit (${driver})`, () => {
    let d: Awaited<ReturnType<typeof startTwoAgentDesk>>
    beforeAll(async () => {
      d = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: [],
        config: { sendRateLimit: { max: 5, burstMax: 3, burstWindowMs: 60_000 } },
      })
    })
    afterAll(() => d?.t.close())

    const single = (n: number, extra: Record<string, unknown> = {}) => ({
      ticketwhatsappId: d.sim.id,
      number: `55119222200${String(n).padStart(2, '0')}`,
      message: `Promo ${n}`,
      ...extra,
    })

    it('refuses a user’s single sends past the limit with 429 and Retry-After, and shares the count with their chat', async () => {
      const answers = []
      for (let n = 0; n < 4; n++) answers.push(await d.alice.client.call('bulkText', { body: single(n) }))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429])
      expect(answers[3]?.body.error).toBe('ERR_RATE_LIMITED')
      expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(0)
      // The refused one reached nobody.
      const sent = (await d.sim.outbox()).filter((e) => e.kind === 'text').map((e) => e.body)
      expect(sent).toEqual(['Promo 0', 'Promo 1', 'Promo 2'])
      // The counter is the database's, the one every server process reads.
      const row = await d.t.server.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', `send-burst:user:${d.alice.user.id}`)
        .executeTakeFirstOrThrow()
      expect(Number(row.count)).toBe(4)
      // Her chat messages count on the same counter: she is past it there too.
      const { ticketId } = await d.sim.inbound({ from: '5511922220099', name: 'Rita', body: 'Hi' })
      await d.alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      expect((await d.alice.client.call('messageSend', { params: { ticketId }, body: { body: 'hello' } })).status).toBe(
        429,
      )
      // Someone else's counter is their own.
      expect((await d.admin.call('bulkText', { body: single(10) })).status).toBe(200)
    })

    it('counts calls made with the API token as one sender; a list (a job) is paced by the job instead', async () => {
      const token = (await d.admin.call('settingList')).body.find((s) => s.key === 'userApiToken')?.value
      const anonymous = d.t.client()
      const statuses = []
      for (let n = 20; n < 24; n++)
        statuses.push((await anonymous.call('bulkText', { body: single(n, { token }) })).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const job = await anonymous.call('bulkText', {
        body: {
          ticketwhatsappId: d.sim.id,
          numbers: '5511922220030\n5511922220031',
          message: 'Listed',
          minInterval: 0,
          maxInterval: 0,
          token,
        },
      })
      expect(job.status).toBe(202)
    })
  })
}
