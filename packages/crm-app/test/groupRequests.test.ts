import { describe, expect, test } from 'vitest'
import { groupRequests } from '../src/pages/outreach/internal/groupRequests'

const ids = ['120363041000000001', '120363041000000002']

describe('groupRequests', () => {
  test('Atualizar Grupo with both fields is two jobs, the subject first; with one, one job', () => {
    expect(groupRequests(1, ids, { kind: 'update', subject: 'VIP', description: 'Regras' })).toEqual([
      { whatsappId: 1, groupIds: ids, action: 'subject', text: 'VIP' },
      { whatsappId: 1, groupIds: ids, action: 'description', text: 'Regras' },
    ])
    expect(groupRequests(1, ids, { kind: 'update', description: 'Regras' })).toEqual([
      { whatsappId: 1, groupIds: ids, action: 'description', text: 'Regras' },
    ])
  })

  test('open, close and the two messages name the chosen groups; create is no group action', () => {
    expect(groupRequests(2, ids, { kind: 'close' })).toEqual([
      { whatsappId: 2, groupIds: ids, action: 'close', text: undefined },
    ])
    expect(groupRequests(2, ids, { kind: 'groupMessage', message: 'Oi' })[0]).toMatchObject({ action: 'post' })
    expect(groupRequests(2, ids, { kind: 'participantsMessage', message: 'Oi' })[0]).toMatchObject({
      action: 'participants',
      text: 'Oi',
    })
    expect(groupRequests(2, ids, { kind: 'create', title: 'Novo', contact: '5511987650001' })).toEqual([])
  })
})
