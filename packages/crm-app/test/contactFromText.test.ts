import { describe, expect, it } from 'vitest'
import { contactFromText } from '../src/pages/tickets/internal/contactFromText'

describe('"Add contact" from what was typed in the new-ticket field', () => {
  it('puts a phone number in the number, with its digits only', () => {
    expect(contactFromText('+55 (11) 98888-7777')).toEqual({ number: '5511988887777' })
    expect(contactFromText('5511988887777')).toEqual({ number: '5511988887777' })
  })

  it('puts any other text in the name', () => {
    expect(contactFromText('Carla Dias')).toEqual({ name: 'Carla Dias' })
    expect(contactFromText('Carla 2')).toEqual({ name: 'Carla 2' })
    expect(contactFromText('---')).toEqual({ name: '---' })
  })
})
