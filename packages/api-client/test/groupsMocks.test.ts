import { describe, expect, it } from 'vitest'
import { fixtures, groupFixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()
const ids = groupFixtures.map((g) => g.id)

describe('groups mock handlers (answers checked against the contract by the client)', () => {
  it('list the connected connection’s groups, and refuse one that is not connected', async () => {
    const admin = clientAs(fixtures.admin.id)
    const { groups } = await admin.groups.list(1)
    expect(groups.map((g) => [g.name, g.isAdmin, g.announce])).toEqual([
      ['Clientes São Paulo', true, false],
      ['Atacado – pedidos', true, true],
      ['Fornecedores', false, false],
      ['Avisos da loja', false, true],
      ['Equipe de vendas', true, false],
    ])
    expect(groups.filter((g) => g.inviteLink).map((g) => g.name)).toEqual([
      'Clientes São Paulo',
      'Atacado – pedidos',
      'Equipe de vendas',
    ])
    await expect(admin.groups.list(3)).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' })
  })

  it('count a private message once per person of the chosen groups: not the own number, not the opted-out', async () => {
    const admin = clientAs(fixtures.admin.id)
    const preview = await admin.groups.preview({ whatsappId: 1, action: 'participants', groupIds: ids, text: 'Hi' })
    expect(preview).toEqual({
      action: 'participants',
      groups: 5,
      people: 12,
      skipped: { notAdmin: 0, notFound: 0, duplicate: 4, ownNumber: 5, optedOut: 1 },
    })
  })

  it('skip a closed group we do not run for a post, and every group we do not run for a rename', async () => {
    const admin = clientAs(fixtures.admin.id)
    const post = await admin.groups.preview({ whatsappId: 1, action: 'post', groupIds: ids, text: 'Hi' })
    expect([post.groups, post.skipped.notAdmin]).toEqual([4, 1])
    const rename = await admin.groups.preview({ whatsappId: 1, action: 'subject', groupIds: ids, text: 'VIP' })
    expect([rename.groups, rename.skipped.notAdmin]).toEqual([3, 2])
  })

  it('start a job with one recipient per group, make a group with its invite link, and refuse an invite that is not ours', async () => {
    const admin = clientAs(fixtures.admin.id)
    const job = await admin.groups.action({ whatsappId: 1, action: 'close', groupIds: ids.slice(0, 3) })
    expect(job).toMatchObject({ kind: 'groupClose', status: 'running', total: 3, skipped: 1 })
    expect(mocks.db.jobs[0]?.id).toBe(job.id)
    const created = await admin.groups.create({ whatsappId: 1, title: 'Pedidos', contact: '5511987650031' })
    expect(created.inviteLink).toMatch(/^https:\/\/chat\.whatsapp\.com\//)
    expect((await admin.groups.list(1)).groups.at(-1)).toMatchObject({
      id: created.id,
      name: 'Pedidos',
      participants: 2,
    })
    expect(await admin.groups.invite(ids[0] as string, 1)).toEqual({ inviteLink: groupFixtures[0]?.inviteLink })
    await expect(admin.groups.invite(ids[2] as string, 1)).rejects.toMatchObject({ code: 'ERR_GROUP_NOT_ADMIN' })
  })
})
