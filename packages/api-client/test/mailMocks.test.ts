import { describe, expect, it } from 'vitest'
import { deskFixtures, fixtures, mailFixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()

describe('mail mock handlers (answers checked against the contract by the client)', () => {
  it('show admins the SMTP settings and the failed mails, and retry one', async () => {
    const admin = clientAs(fixtures.admin.id)
    expect(await admin.mail.settings()).toEqual(mailFixtures.settings)
    const failed = await admin.mail.outbox('failed')
    expect(failed.map((m) => m.recipient)).toEqual(['marina@example.com', 'boss@example.com'])
    expect(await admin.mail.retry(12)).toEqual({ id: 12, state: 'queued' })
    expect((await admin.mail.outbox('failed')).map((m) => m.id)).toEqual([9])
    const saved = await admin.mail.updateSettings({ host: '', sendTranscript: false })
    expect(saved).toMatchObject({ source: 'none', sendTranscript: false, hasPassword: true })
    await expect(admin.mail.test('someone@example.com')).rejects.toMatchObject({ code: 'ERR_MAIL_NOT_CONFIGURED' })
    mocks.db.sessionUserId = fixtures.agent.id
    await expect(clientAs(fixtures.agent.id).mail.settings()).rejects.toMatchObject({ status: 403 })
  })

  it('close an open ticket with a protocol number, export it and e-mail it', async () => {
    const admin = clientAs(fixtures.admin.id)
    const open = deskFixtures.tickets.find((t) => t.status === 'open')!
    const closed = await admin.mail.closeWithProtocol(open.id)
    expect(closed.protocol).toMatch(/^\d{12}$/)
    expect(closed.ticket).toMatchObject({ id: open.id, status: 'closed', protocol: closed.protocol })
    await expect(admin.mail.closeWithProtocol(open.id)).rejects.toMatchObject({ code: 'ERR_TICKET_NOT_OPEN' })
    const text = await (await admin.mail.exportConversation(open.id, 'txt')).text()
    expect(text).toContain(`Ticket #${open.id} - ${open.contact.name}`)
    expect(await admin.mail.emailConversation(open.id, 'boss@example.com')).toMatchObject({ state: 'queued' })
  })
})
