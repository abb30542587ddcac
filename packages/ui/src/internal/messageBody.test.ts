import { describe, expect, it } from 'vitest'
import { parseLocation, parseVcard, previewKind } from './messageBody'

const VCARD =
  'BEGIN:VCARD\nVERSION:3.0\nN:Souza;Ana;;;\nFN:Ana Souza\nitem1.TEL;waid=5511999990001:+55 11 99999-0001\nEND:VCARD'

describe('message bodies', () => {
  it('reads the name and the digits of a contact card', () => {
    expect(parseVcard(VCARD)).toEqual({ name: 'Ana Souza', number: '5511999990001' })
    expect(parseVcard('BEGIN:VCARD\nFN:Bruno\nTEL;type=CELL:+55 (21) 98888-7777\nEND:VCARD')).toEqual({
      name: 'Bruno',
      number: '5521988887777',
    })
    expect(parseVcard('BEGIN:VCARD\nFN:No Phone\nEND:VCARD')).toEqual({ name: 'No Phone', number: '' })
    expect(parseVcard('hello')).toBeNull()
  })

  it('reads a location with and without a description', () => {
    expect(parseLocation('data:image/png;base64,AAA|https://maps.example/?q=1,2|Main St 5')).toEqual({
      image: 'data:image/png;base64,AAA',
      link: 'https://maps.example/?q=1,2',
      description: 'Main St 5',
    })
    expect(parseLocation('data:image/png;base64,AAA|https://maps.example/?q=1,2')?.description).toBe('')
    expect(parseLocation('data:image/png;base64,AAA|javascript:alert(1)')).toBeNull()
    expect(parseLocation('a|b')).toBeNull()
  })

  it('reads a location without a thumbnail, as the simulator and the Cloud API store it', () => {
    expect(parseLocation('|https://maps.example.com/?q=-23.56,-46.65|Av. Paulista, 1000')).toEqual({
      image: null,
      link: 'https://maps.example.com/?q=-23.56,-46.65',
      description: 'Av. Paulista, 1000',
    })
    expect(parseLocation('|https://maps.example.com/?q=1,2|')).toEqual({
      image: null,
      link: 'https://maps.example.com/?q=1,2',
      description: '',
    })
    expect(
      parseLocation('|https://maps.google.com/maps?q=-23.5614%2C-46.6558&z=17|Office\nAv. Paulista, 1000'),
    ).toMatchObject({ image: null, description: 'Office\nAv. Paulista, 1000' })
  })

  it('never reads a non-http link or a text with pipes as a location', () => {
    expect(parseLocation('|javascript:alert(1)|Click me')).toBeNull()
    expect(parseLocation('|data:text/html,<script>|x')).toBeNull()
    expect(parseLocation('|https://evil.example/ x|y')).toBeNull()
    expect(parseLocation('https://a.example/pic.png|https://maps.example/|x')).toBeNull()
    expect(parseLocation('see | https://example.com | here')).toBeNull()
  })

  it('names the kind of special bodies for previews', () => {
    expect(previewKind(VCARD)).toBe('contact')
    expect(previewKind('data:image/png;base64,AAA|https://maps.example/|x')).toBe('location')
    expect(previewKind('|https://maps.example.com/?q=1,2|Av. Paulista')).toBe('location')
    expect(previewKind('|javascript:alert(1)|x')).toBeNull()
    expect(previewKind('data:image/jpeg;base64,AAA')).toBe('image')
    expect(previewKind('*hi*')).toBeNull()
  })
})
