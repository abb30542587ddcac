import { GroupActionRequest, resolveGroupCalls } from '@desk/api-client'
import type { GroupMetadata } from '@whiskeysockets/baileys'
import { describe, expect, it } from 'vitest'
import type { DriverGroup } from '../../src/drivers/types'
import { mapGroupMetadata } from '../../src/drivers/web-session/groups'
import { planGroupAction } from '../../src/modules/outreach/group-plan'

const group = (id: string, fields: Partial<DriverGroup> = {}): DriverGroup => ({
  id,
  name: `Group ${id}`,
  description: null,
  participants: [],
  isAdmin: true,
  announce: false,
  ...fields,
})

const DIRECTORY = [
  group('1', { participants: ['5511900000001', '5511900000002'] }),
  group('2', { participants: ['5511900000002', '5511900000003', '5511900000099'] }),
  group('3', { isAdmin: false, announce: true, participants: ['5511900000004'] }),
  group('4', { isAdmin: false, participants: ['5511900000005'] }),
]

describe('planning a group action', () => {
  it('acts on each chosen group it may change, and says why the others are left out', () => {
    const plan = planGroupAction('subject', DIRECTORY, ['1', '3', '9', '1'], null)
    expect(plan.recipients).toEqual([
      { entry: 'Group 1', address: '1@g.us', reason: null },
      { entry: 'Group 3', address: null, reason: 'notAdmin' },
      { entry: '9', address: null, reason: 'notFound' },
    ])
    expect(plan.groups).toBe(1)
  })

  it('posts in an open group it only belongs to, not in a closed one', () => {
    const plan = planGroupAction('post', DIRECTORY, ['3', '4'], null)
    expect(plan.recipients.map((r) => r.reason)).toEqual(['notAdmin', null])
  })

  it("the seed's calls: every group the connection administers", () => {
    expect(planGroupAction('close', DIRECTORY, 'administered', null).recipients.map((r) => r.address)).toEqual([
      '1@g.us',
      '2@g.us',
    ])
  })

  it('messages each person once across groups, never the connection itself', () => {
    const plan = planGroupAction('participants', DIRECTORY, ['1', '2', '4'], '5511900000099')
    expect(plan.recipients.map((r) => [r.entry, r.reason])).toEqual([
      ['5511900000001', null],
      ['5511900000002', null],
      ['5511900000002', 'duplicate'],
      ['5511900000003', null],
      ['5511900000099', 'ownNumber'],
      ['5511900000005', null],
    ])
    expect(plan).toMatchObject({ groups: 3, people: 4 })
  })

  it('wants a text for the actions that carry one, and none for open and close', () => {
    const base = { whatsappId: 1, groupIds: ['120363000000000001@g.us'] }
    expect(GroupActionRequest.parse({ ...base, action: 'subject', text: ' New ' })).toMatchObject({
      text: 'New',
      groupIds: ['120363000000000001'],
    })
    expect(GroupActionRequest.safeParse({ ...base, action: 'post' }).success).toBe(false)
    expect(GroupActionRequest.safeParse({ ...base, action: 'close', text: 'x' }).success).toBe(false)
    expect(GroupActionRequest.safeParse({ ...base, action: 'subject', text: 'x'.repeat(101) }).success).toBe(false)
    expect(GroupActionRequest.safeParse({ ...base, action: 'open', groupIds: ['../x'] }).success).toBe(false)
  })

  it('the page chooses the action from the fields filled (seed 001 §5)', () => {
    expect(resolveGroupCalls({ titulo: 'A', descricao: 'B' }).map((c) => c.path)).toEqual([
      '/zdgGroups',
      '/zdgGroupsDescription',
    ])
    expect(resolveGroupCalls({ titulo: 'A', mensagemGrupo: 'B' })).toEqual([])
  })
})

describe('web-session groups', () => {
  it("reads the library's group: members by number, the account's admin rights, anonymous members left out", () => {
    const meta = {
      id: '120363025246125888@g.us',
      subject: ' Ventas ',
      desc: 'Promos',
      announce: true,
      owner: undefined,
      participants: [
        { id: '5511900000099@s.whatsapp.net', admin: 'superadmin' },
        { id: '5511900000001@s.whatsapp.net', admin: null },
        { id: '1234567890@lid', phoneNumber: '5511900000002@s.whatsapp.net' },
        { id: '9876543210@lid' },
      ],
    } as GroupMetadata
    expect(mapGroupMetadata(meta, { number: '5511900000099' })).toEqual({
      id: '120363025246125888',
      name: 'Ventas',
      description: 'Promos',
      participants: ['5511900000001', '5511900000002'],
      isAdmin: true,
      announce: true,
    })
    expect(
      mapGroupMetadata({ ...meta, participants: meta.participants.slice(1) }, { number: '5511900000099' }),
    ).toMatchObject({
      isAdmin: false,
    })
  })
})
