import { describe, expect, it } from 'vitest'
import {
  formatLocationBody,
  formatVcardBody,
  MessageListQuery,
  parseLocationBody,
  parseVcardBody,
  SendMediaFields,
  SendMessageRequest,
} from '../../src/contract'
import { fieldErrors } from './issues'

describe('SendMessageRequest', () => {
  it('trims the body and never sends whitespace-only text', () => {
    expect(SendMessageRequest.parse({ body: '  hello \n' }).body).toBe('hello')
    expect(fieldErrors(SendMessageRequest, { body: ' \n\t ' })).toEqual({ body: 'validation.required' })
    expect(fieldErrors(SendMessageRequest, {})).toEqual({ body: 'validation.required' })
  })

  it('lets media go without text', () => {
    expect(SendMessageRequest.parse({ body: '', mediaUrl: '/media/a.png', fromMe: true })).toEqual({
      body: '',
      mediaUrl: '/media/a.png',
      quotedMsgId: null,
    })
  })

  it("takes the seed's send as it is: read and fromMe as flags (then ignored), an empty mediaUrl, the whole quoted message", () => {
    const quoted = { id: 7, body: 'hi', fromMe: false, read: true, mediaUrl: null, contact: { id: 1, name: 'Ana' } }
    expect(
      SendMessageRequest.parse({ read: 1, fromMe: true, mediaUrl: '', body: '*Ana:*\nhello', quotedMsg: quoted }),
    ).toEqual({ body: '*Ana:*\nhello', mediaUrl: null, quotedMsgId: 7 })
    expect(SendMessageRequest.parse({ read: 0, fromMe: 'false', body: 'x', quotedMsg: null }).quotedMsgId).toBeNull()
    expect(fieldErrors(SendMessageRequest, { read: 2, body: 'x' })).toEqual({ read: 'validation.invalid' })
    expect(fieldErrors(SendMessageRequest, { fromMe: 'yes', body: 'x' })).toEqual({ fromMe: 'validation.invalid' })
  })

  it('accepts the quoted message as an object with an id or as the id', () => {
    expect(
      SendMessageRequest.parse({ body: 'yes', quotedMsg: { id: 42, body: 'q?', fromMe: false } }).quotedMsgId,
    ).toBe(42)
    expect(SendMessageRequest.parse({ body: 'yes', quotedMsg: 'wamid.ABC' }).quotedMsgId).toBe('wamid.ABC')
    expect(fieldErrors(SendMessageRequest, { body: 'yes', quotedMsg: { body: 'no id' } })).toEqual({
      quotedMsg: 'validation.invalid',
    })
  })

  it('reads multipart fields as strings', () => {
    expect(SendMediaFields.parse({ fromMe: 'true', body: ' caption ' })).toEqual({ fromMe: true, body: 'caption' })
    expect(SendMediaFields.parse({})).toEqual({ fromMe: true, body: '' })
    expect(fieldErrors(SendMediaFields, { fromMe: 'on' })).toEqual({ fromMe: 'validation.invalid' })
    // The seed's clients send `body` once per file, holding the file's name: no caption then.
    expect(SendMediaFields.parse({ fromMe: '1', body: ['a.png', 'b.pdf'] })).toEqual({ fromMe: true, body: '' })
    expect(SendMediaFields.parse({ body: ['only.png'] }).body).toBe('only.png')
  })

  it('pages from 1', () => {
    expect(MessageListQuery.parse({ pageNumber: '3' })).toEqual({ pageNumber: 3 })
    expect(MessageListQuery.parse({})).toEqual({ pageNumber: 1 })
    expect(fieldErrors(MessageListQuery, { pageNumber: 'x' })).toEqual({ pageNumber: 'validation.invalid' })
  })
})

describe('parseLocationBody', () => {
  const link = 'https://maps.google.com/maps?q=-23.5%2C-46.6&z=17'

  it('reads image, link and description', () => {
    expect(parseLocationBody(`data:image/png;base64,iVBORw0KGgo=|${link}|Av. Paulista, 1000`)).toEqual({
      imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
      link,
      description: 'Av. Paulista, 1000',
    })
  })

  it('treats the description as optional and may contain pipes', () => {
    expect(parseLocationBody(`https://x.test/t.jpg|${link}`)?.description).toBeNull()
    expect(parseLocationBody(`https://x.test/t.jpg|${link}|Bar | Grill`)?.description).toBe('Bar | Grill')
  })

  it('refuses bodies without an http(s) link and drops unsafe images', () => {
    expect(parseLocationBody('just text')).toBeNull()
    expect(parseLocationBody('img|javascript:alert(1)|x')).toBeNull()
    expect(parseLocationBody(`javascript:alert(1)|${link}`)?.imageUrl).toBeNull()
  })

  it('reads back what formatLocationBody writes', () => {
    const body = formatLocationBody({ imageUrl: 'https://x.test/t.jpg', link, description: 'Home' })
    expect(parseLocationBody(body)).toEqual({ imageUrl: 'https://x.test/t.jpg', link, description: 'Home' })
  })
})

describe('parseVcardBody', () => {
  it('reads FN and the waid of the TEL line, digits only', () => {
    const body =
      'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Ana;;;\nFN:Ana Silva\nitem1.TEL;waid=5511987654321:+55 11 98765-4321\nitem1.X-ABLabel:Celular\nEND:VCARD'
    expect(parseVcardBody(body)).toEqual({ name: 'Ana Silva', numbers: ['5511987654321'], number: '5511987654321' })
  })

  it('strips non-digits from TEL values, keeps every number once, and handles CRLF and folded lines', () => {
    const body =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN;CHARSET=UTF-8:José\r\n  da Costa\r\nTEL;TYPE=CELL:+1 (555) 010-0000\r\nTEL:tel:+1-555-010-0000\r\nTEL;TYPE=WORK:+44 20 7946 0000\r\nEND:VCARD'
    expect(parseVcardBody(body)).toEqual({
      name: 'José da Costa',
      numbers: ['15550100000', '442079460000'],
      number: '15550100000',
    })
  })

  it('falls back to N for the name and reports a card without number', () => {
    expect(parseVcardBody('BEGIN:VCARD\nN:Souza;Bia;;;\nEND:VCARD')).toEqual({
      name: 'Bia Souza',
      numbers: [],
      number: null,
    })
  })

  it('returns null for text that is not a card', () => {
    expect(parseVcardBody('hello there')).toBeNull()
  })

  it('reads back what formatVcardBody writes, escapes included', () => {
    const body = formatVcardBody({ name: 'Lima; Filhos, Ltda', number: '+55 (13) 91234-4321' })
    expect(parseVcardBody(body)).toEqual({
      name: 'Lima; Filhos, Ltda',
      numbers: ['5513912344321'],
      number: '5513912344321',
    })
  })
})
