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
