import { describe, expect, it } from 'vitest'
import { cloudApiConnection, deskFixtures, fixtures, templateFixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()

/** The db with the Cloud API connection and its templates, and ticket 1 on that connection. */
const seed = (businessAccountId: string | null = '102290129340398') => {
  const cloud = { ...cloudApiConnection, cloudApi: { ...cloudApiConnection.cloudApi!, businessAccountId } }
  mocks.db.connections = [...deskFixtures.connections, cloud]
  mocks.db.templates = structuredClone(templateFixtures)
  mocks.db.tickets = mocks.db.tickets.map((t) =>
    t.id === 1 ? { ...t, whatsappId: cloud.id, whatsapp: { id: cloud.id, name: cloud.name, driver: 'cloud-api' } } : t,
  )
}

describe('template mock handlers (answers checked against the contract by the client)', () => {
  it('list a connection’s templates, approved ones only when asked', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    const all = await admin.templates.list({ connectionId: cloudApiConnection.id })
    expect(all.map((t) => t.name)).toEqual(['order_update', 'follow_up', 'login_code', 'big_sale'])
    const approved = await admin.templates.list({ connectionId: cloudApiConnection.id, approvedOnly: true })
    expect(approved.map((t) => t.status)).toEqual(['APPROVED', 'APPROVED'])
    expect(await admin.templates.list({ connectionId: 1 })).toEqual([])
  })

  it('refresh for administrators only, and only with a Business Account id', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    expect((await admin.templates.sync(cloudApiConnection.id)).templates).toHaveLength(4)
    await expect(admin.templates.sync(1)).rejects.toMatchObject({ status: 404 })
    mocks.db.sessionUserId = fixtures.agent.id
    await expect(clientAs(fixtures.agent.id).templates.sync(cloudApiConnection.id)).rejects.toMatchObject({
      status: 403,
    })
    seed(null)
    mocks.db.sessionUserId = fixtures.admin.id
    await expect(admin.templates.sync(cloudApiConnection.id)).rejects.toMatchObject({
      status: 409,
      code: 'ERR_TEMPLATES_NO_ACCOUNT',
    })
  })

  it('send an approved template with its variables filled; refuse one not approved', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    const sent = await admin.templates.send(1, { templateId: 702, variables: { 'body.1': 'Marina' } })
    expect(sent.messages[0]).toMatchObject({ body: 'Olá Marina, podemos continuar a conversa?', fromMe: true })
    await expect(admin.templates.send(1, { templateId: 703 })).rejects.toMatchObject({
      code: 'ERR_TEMPLATE_NOT_APPROVED',
    })
    await expect(admin.templates.send(2, { templateId: 702 })).rejects.toMatchObject({ code: 'ERR_NO_TEMPLATE_FOUND' })
  })
})

describe('bulk jobs on the Cloud API in the mock, as the server takes them', () => {
  const base = {
    ticketwhatsappId: cloudApiConnection.id,
    numbers: ['5511987650021;Marina;#501', '14155550123;John;#502', '14155550123;John again;#503'],
    message: 'Summer offer',
    minInterval: 0,
    maxInterval: 1,
  }

  it('refuses a job without a template (or open windows only), naming the template', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    await expect(admin.outreach.bulkText(base)).rejects.toMatchObject({ status: 409, code: 'ERR_TEMPLATE_REQUIRED' })
    await expect(
      admin.outreach.bulkMedia({ ...base, url: 'https://example.com/a.png', title: 'A' }),
    ).rejects.toMatchObject({ code: 'ERR_TEMPLATE_REQUIRED' })
  })

  it('reads the number from the first column of each pasted line once a template is chosen', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    const job = await admin.outreach.bulkText({
      ...base,
      template: { templateId: 702, variables: { 'body.1': { from: 'column', column: 2 } } },
    })
    // Three lines, two numbers: the repeat is skipped, no line is refused as "not a number".
    expect(job).toMatchObject({ kind: 'bulkText', total: 3, skipped: 1 })
    const recipients = mocks.db.jobRecipients.filter((r) => r.jobId === job.id)
    expect(recipients.map((r) => [r.entry, r.reason])).toEqual([
      ['5511987650021;Marina;#501', null],
      ['14155550123;John;#502', null],
      ['14155550123;John again;#503', 'duplicate'],
    ])
  })

  it('names the variables left unmapped and refuses a template that is not approved', async () => {
    seed()
    const admin = clientAs(fixtures.admin.id)
    await expect(
      admin.outreach.bulkText({ ...base, template: { templateId: 701, variables: {} } }),
    ).rejects.toMatchObject({ status: 400, code: 'ERR_VALIDATION' })
    await expect(
      admin.outreach.bulkText({ ...base, template: { templateId: 703, variables: {} } }),
    ).rejects.toMatchObject({ code: 'ERR_TEMPLATE_NOT_APPROVED' })
    const open = await admin.outreach.bulkText({ ...base, numbers: ['14155550199'], openWindowsOnly: true })
    expect(open).toMatchObject({ total: 1, skipped: 0 })
  })
})
