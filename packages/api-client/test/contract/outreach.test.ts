import { describe, expect, it } from 'vitest'
import {
  BulkFileRequest,
  BulkTextRequest,
  GroupMessageRequest,
  jobPercent,
  normalizeBrazilianNumber,
  recipientAddressOf,
  resolveGroupCalls,
  SetUserTagsRequest,
  SmsRequest,
  toRecipientAddress,
} from '../../src/contract'
import { RECIPIENT_LINE_MAX } from '../../src/contract/outreach/numbers'
import { fieldErrors } from './issues'

describe('normalizeBrazilianNumber (seed 001 §5)', () => {
  it.each([
    ['551187654321', '5511987654321', 'area 11 ≤ 30 gets the 9 before the last 8 digits'],
    ['5511987654321', '5511987654321', 'area 11 with the 9 already: unchanged'],
    ['553087654321', '5530987654321', 'area 30 is still ≤ 30'],
    ['5521912345678', '5521912345678', 'area 21 mobile with 9'],
    ['5531987654321', '553187654321', 'area 31 > 30 is rebuilt without the 9'],
    ['554187654321', '554187654321', 'area 41 without 9: unchanged'],
    ['5585999990000', '558599990000', 'area 85: the 9 after the area code goes'],
    ['+55 (11) 8765-4321', '5511987654321', 'formatting is dropped first'],
    ['14155550100', '14155550100', 'non-55: untouched'],
    ['351912345678', '351912345678', 'non-55 (Portugal): untouched'],
    ['5511', '5511', 'too short for the rule: as given'],
  ])('%s → %s (%s)', (input, expected) => {
    expect(normalizeBrazilianNumber(input)).toBe(expected)
  })

  it('builds recipient addresses for people and groups', () => {
    expect(toRecipientAddress('551187654321')).toBe('5511987654321@c.us')
    expect(toRecipientAddress('5541987654321@c.us')).toBe('554187654321@c.us')
    expect(toRecipientAddress('120363025246125888', true)).toBe('120363025246125888@g.us')
    expect(toRecipientAddress('5511999999999-1596123456@g.us', true)).toBe('5511999999999-1596123456@g.us')
  })
})

describe('bulk sends', () => {
  const base = { ticketwhatsappId: '2', message: 'Hola', minInterval: '5', maxInterval: '10' }

  it('reads numbers one per line, dropping blanks; repeats stay for the job to skip as duplicates', () => {
    const parsed = BulkTextRequest.parse({ ...base, numbers: '5511987654321\r\n\n  5541987654321  \n5511987654321\n' })
    expect(parsed.numbers).toEqual(['5511987654321', '5541987654321', '5511987654321'])
    expect(parsed).toMatchObject({ ticketwhatsappId: 2, minInterval: 5, maxInterval: 10, isGroup: false })
  })

  it("refuses an empty list and over-long lines; lines that are no number are the job's to skip as invalid", () => {
    expect(fieldErrors(BulkTextRequest, { ...base, numbers: '\n \n' })).toEqual({ numbers: 'validation.required' })
    expect(
      fieldErrors(BulkTextRequest, { ...base, numbers: `5511987654321\n${'1'.repeat(RECIPIENT_LINE_MAX + 1)}` }),
    ).toEqual({
      'numbers.1': 'validation.tooLong',
    })
    const parsed = BulkTextRequest.parse({ ...base, numbers: '5511987654321\nhello\n123' })
    expect(parsed.numbers.map((entry) => recipientAddressOf(entry))).toEqual(['5511987654321@c.us', null, null])
  })

  it('needs min ≤ max interval', () => {
    expect(fieldErrors(BulkTextRequest, { ...base, numbers: '5511987654321', minInterval: 11 })).toEqual({
      maxInterval: 'validation.invalid',
    })
    expect(fieldErrors(BulkTextRequest, { ...base, numbers: '5511987654321', minInterval: 10 })).toEqual({})
    expect(fieldErrors(BulkTextRequest, { ...base, numbers: '5511987654321', minInterval: -1 })).toEqual({
      minInterval: 'validation.invalid',
    })
  })

  it('keeps file paths inside the outreach folder', () => {
    const file = { ...base, numbers: '5511987654321', title: 'Catálogo' }
    expect(fieldErrors(BulkFileRequest, { ...file, url: 'catalogos/2025.pdf' })).toEqual({})
    expect(fieldErrors(BulkFileRequest, { ...file, url: '../../etc/passwd' })).toEqual({ url: 'validation.invalid' })
    expect(fieldErrors(BulkFileRequest, { ...file, url: 'C:\\files\\a.pdf' })).toEqual({ url: 'validation.invalid' })
  })

  it('sends SMS text from the text field to every number', () => {
    expect(SmsRequest.parse({ from: 'Desk', to: '5511987654321\n14155550100', text: 'Oi' })).toEqual({
      from: 'Desk',
      to: ['5511987654321', '14155550100'],
      text: 'Oi',
    })
  })
})

describe('groups', () => {
  it('chooses the action from the filled fields', () => {
    expect(resolveGroupCalls({ titulo: 'Clientes VIP' })).toEqual([
      { path: '/zdgGroups', body: { subject: 'Clientes VIP' } },
    ])
    expect(resolveGroupCalls({ titulo: 'T', descricao: 'D' }).map((c) => c.path)).toEqual([
      '/zdgGroups',
      '/zdgGroupsDescription',
    ])
    expect(resolveGroupCalls({ tituloNovo: 'Novo', contatoGrupo: '5511987654321' })).toEqual([
      { path: '/zdgGroupsCreate', body: { title: 'Novo', contact: '5511987654321' } },
    ])
    expect(resolveGroupCalls({ mensagemGrupoNASA: 'Oi' })).toEqual([
      { path: '/zdgGroupsMessage', body: { newMessAgeGroupNasa: 'Oi' } },
    ])
    expect(resolveGroupCalls({ fecharGrupo: true })).toEqual([{ path: '/zdgCloseGroup', body: {} }])
  })

  it('does nothing for combinations the seed does not list', () => {
    expect(resolveGroupCalls({})).toEqual([])
    expect(resolveGroupCalls({ tituloNovo: 'Novo' })).toEqual([])
    expect(resolveGroupCalls({ titulo: 'T', mensagemGrupo: 'M' })).toEqual([])
    expect(resolveGroupCalls({ abrirGrupo: true, fecharGrupo: true })).toEqual([])
    expect(resolveGroupCalls({ titulo: '   ' })).toEqual([])
  })

  it('takes exactly one of the two group messages', () => {
    expect(GroupMessageRequest.parse({ ticketwhatsappId: 1, newMessAgeGroupNasa: 'Oi' })).toEqual({
      ticketwhatsappId: 1,
      target: 'participants',
      message: 'Oi',
    })
    expect(
      fieldErrors(GroupMessageRequest, { ticketwhatsappId: 1, newMessageGroup: 'a', newMessAgeGroupNasa: 'b' }),
    ).toEqual({
      newMessageGroup: 'validation.required',
    })
  })
})

describe('jobs and tags', () => {
  it('reports progress as a share of the list', () => {
    expect(jobPercent({ total: 30, sent: 14, failed: 1 })).toBe(50)
    expect(jobPercent({ total: 0, sent: 0, failed: 0 })).toBe(100)
  })

  it('accepts tags as the seed comma list or an array', () => {
    expect(SetUserTagsRequest.parse({ msgFrom: '+55 11 98765-4321', tags: 'vip, novo,,vip ' })).toEqual({
      msgFrom: '5511987654321',
      tags: ['vip', 'novo'],
    })
    expect(SetUserTagsRequest.parse({ msgFrom: '5511987654321', tags: [] }).tags).toEqual([])
  })
})
