import { describe, expect, it } from 'vitest'
import {
  ContactCreateRequest,
  ContactUpdateRequest,
  contactsToCsv,
  csvCell,
  fillPlaceholders,
  QueueCreateRequest,
  QuickAnswerCreateRequest,
} from '../../src/contract'
import { fieldErrors } from './issues'

describe('ContactCreateRequest', () => {
  it('stores the number as digits', () => {
    expect(ContactCreateRequest.parse({ name: 'Ana', number: '+55 (13) 91234-4321' })).toEqual({
      name: 'Ana',
      number: '5513912344321',
      email: null,
      extraInfo: [],
    })
  })

  it('bounds the number to 8–50 digits after stripping', () => {
    expect(fieldErrors(ContactCreateRequest, { name: 'Ana', number: '123-4567' })).toEqual({
      number: 'validation.tooShort',
    })
    expect(ContactCreateRequest.parse({ name: 'Ana', number: '1234-5678' }).number).toBe('12345678')
    expect(fieldErrors(ContactCreateRequest, { name: 'Ana', number: '9'.repeat(51) })).toEqual({
      number: 'validation.tooLong',
    })
    expect(ContactCreateRequest.parse({ name: 'Ana', number: '9'.repeat(50) }).number).toHaveLength(50)
    expect(fieldErrors(ContactCreateRequest, { name: 'Ana', number: 'abc' })).toEqual({ number: 'validation.invalid' })
  })

  it('treats an empty number or e-mail as none', () => {
    expect(ContactCreateRequest.parse({ name: 'Ana', number: '  ', email: '' })).toMatchObject({
      number: null,
      email: null,
    })
  })

  it('checks name bounds, e-mail and extra-info rows', () => {
    expect(
      fieldErrors(ContactCreateRequest, {
        name: 'A',
        email: 'not-mail',
        extraInfo: [{ name: 'CPF', value: '' }],
      }),
    ).toEqual({
      name: 'validation.tooShort',
      email: 'validation.invalidEmail',
      'extraInfo.0.value': 'validation.required',
    })
    expect(fieldErrors(ContactCreateRequest, { name: 'x'.repeat(51) })).toEqual({ name: 'validation.tooLong' })
    expect(ContactCreateRequest.parse({ name: 'Ana', email: ' Ana@Example.COM ' }).email).toBe('ana@example.com')
  })

  it('leaves missing fields unchanged on update and clears empty ones', () => {
    expect(ContactUpdateRequest.parse({ name: 'Bia' })).toEqual({ name: 'Bia' })
    expect(ContactUpdateRequest.parse({ number: '', email: null })).toEqual({ number: null, email: null })
  })
})

describe('contacts CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('Ana')).toBe('Ana')
  })

  it('writes a BOM, a header, semicolons and quotes cells that hold one', () => {
    const csv = contactsToCsv([
      { name: 'Ana; Bia', number: '5511987654321', email: null },
      { name: 'Caio', number: null, email: 'c@x.io' },
    ])
    expect(csv).toBe('\uFEFFname;number;email\r\n"Ana; Bia";5511987654321;\r\nCaio;;c@x.io\r\n')
  })
})

describe('queues and quick answers', () => {
  it('bounds queue name and colour', () => {
    expect(QueueCreateRequest.parse({ name: 'Sales', color: '#0F0', greetingMessage: '' })).toEqual({
      name: 'Sales',
      color: '#0F0',
      greetingMessage: null,
    })
    expect(fieldErrors(QueueCreateRequest, { name: 'S', color: '#12345678901' })).toEqual({
      name: 'validation.tooShort',
      color: 'validation.tooLong',
    })
    expect(fieldErrors(QueueCreateRequest, { name: 'Sales', color: 'red' })).toEqual({ color: 'validation.invalid' })
  })

  it('bounds the shortcut to 2–50 and the message to 8–30000', () => {
    expect(fieldErrors(QuickAnswerCreateRequest, { shortcut: 'h', message: 'short' })).toEqual({
      shortcut: 'validation.tooShort',
      message: 'validation.tooShort',
    })
    expect(fieldErrors(QuickAnswerCreateRequest, { shortcut: 'hi', message: 'x'.repeat(30_001) })).toEqual({
      message: 'validation.tooLong',
    })
    expect(fieldErrors(QuickAnswerCreateRequest, { shortcut: 'hi', message: 'x'.repeat(30_000) })).toEqual({})
  })

  it('fills known placeholders and leaves the rest as written', () => {
    expect(
      fillPlaceholders('{{ms}}, {{name}}! Ticket {{ticket_id}} {{unknown}} {{queue}}', {
        ms: 'Bom dia',
        name: 'Ana',
        ticket_id: '7',
      }),
    ).toBe('Bom dia, Ana! Ticket 7 {{unknown}} {{queue}}')
  })
})
