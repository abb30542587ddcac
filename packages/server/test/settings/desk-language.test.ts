import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { readMail } from '../support/mime'
import type { Client, TestServer } from '../support/server'
import { startSmtp } from '../support/smtp'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the desk's language in what the server writes (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client }
    let sim: Sim
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    let next = 0

    beforeAll(async () => {
      smtp = await startSmtp()
      ;({ t, admin, alice, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
        config: {
          mail: { smtpUrl: smtp.url, from: 'desk@desk.test', sender: { pollMs: 50 } },
          outreach: { allowAddresses: ['127.0.0.1'] },
        },
      }))
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    /** A customer with an e-mail address writes; Alice accepts. */
    const openTicket = async (email: string) => {
      next += 1
      const from = `55219000${String(next).padStart(5, '0')}`
      const { ticketId } = await sim.inbound({ from, name: `Cliente ${next}`, body: 'Oi' })
      await alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const ticket = (await alice.client.call('ticketGet', { params: { id: ticketId } })).body
      await admin.call('contactUpdate', { params: { id: ticket.contactId }, body: { email } })
      return { id: ticketId!, from }
    }
    const sentTo = async (from: string) =>
      (await sim.outbox(from)).filter((e) => e.kind !== 'read').map((e) => e.body ?? '')

    it('starts in English, and only admins change it to one of en, pt-BR and es', async () => {
      const all = (await admin.call('settingList')).body
      expect(all.find((s) => s.key === 'language')?.value).toBe('en')
      const bad = await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'fr' } })
      expect([bad.status, bad.body.fields?.[0]?.path]).toEqual([400, 'value'])
      expect(
        (await alice.client.call('settingUpdate', { params: { key: 'language' }, body: { value: 'es' } })).status,
      ).toBe(403)
    })

    it('writes the protocol message, the closing e-mail and its subject in English by default', async () => {
      const { id, from } = await openTicket('english@example.com')
      const closed = await alice.client.call('ticketProtocol', { params: { id } })
      const { protocol } = closed.body
      expect(await sentTo(from)).toContain(`Your attendance protocol number is ${protocol}.`)
      const mail = readMail((await smtp.mailTo('english@example.com')).raw)
      expect(mail.subject).toBe(`Conversation #${id} closed - protocol ${protocol}`)
      expect(mail.text).toContain('Thank you for contacting us.')
    })

    it('a pt-BR desk sends the Portuguese protocol message, subject and summary', async () => {
      expect(
        (await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'pt-BR' } })).status,
      ).toBe(200)
      const { id, from } = await openTicket('maria.pt@example.com')
      const closed = await alice.client.call('ticketProtocol', { params: { id } })
      const { protocol } = closed.body
      expect(await sentTo(from)).toContain(`O número de protocolo do seu atendimento é ${protocol}.`)
      const mail = readMail((await smtp.mailTo('maria.pt@example.com')).raw)
      expect(mail.subject).toBe(`Conversa #${id} encerrada - protocolo ${protocol}`)
      expect(mail.text).toContain(`Olá Cliente ${next},`)
      expect(mail.text).toContain(`Número de protocolo: ${protocol}`)
      expect(mail.text).toContain('Atendido por: Alice')
      expect(mail.text).not.toContain('Thank you')
    })

    it('a Spanish desk sends the conversation by e-mail in Spanish', async () => {
      await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'es' } })
      const { id } = await openTicket('juan.es@example.com')
      expect((await alice.client.call('ticketEmail', { params: { id } })).status).toBe(200)
      const mail = readMail((await smtp.mailTo('juan.es@example.com')).raw)
      expect(mail.subject).toBe(`Conversación #${id} - Cliente ${next}`)
      expect(mail.text).toContain('La conversación va adjunta.')
    })
  })
}
