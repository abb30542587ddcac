import { describe, expect, it } from 'vitest'
import { contactMatches, quickAnswerMatches } from '../src/hooks'
import { fixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()
const client = () => clientAs(fixtures.admin.id)

describe('quick-answer search, as the server searches', () => {
  const answer = { shortcut: 'price', message: 'Our PRICES start at 10% off' }

  it('matches the shortcut or the message, ignoring case and surrounding spaces', () => {
    expect(quickAnswerMatches(answer, '')).toBe(true)
    expect(quickAnswerMatches(answer, '  ')).toBe(true)
    expect(quickAnswerMatches(answer, 'PRI')).toBe(true)
    expect(quickAnswerMatches(answer, ' prices start ')).toBe(true)
    expect(quickAnswerMatches(answer, '10%')).toBe(true)
    expect(quickAnswerMatches(answer, 'discount')).toBe(false)
    // Wildcards of the server's LIKE are plain characters there too.
    expect(quickAnswerMatches(answer, '1_%')).toBe(false)
  })

  it('the mock searches the message too, shortcuts starting with the text first, then by shortcut', async () => {
    const api = client()
    mocks.db.quickAnswers = [
      { id: 11, shortcut: 'zz-open', message: 'We open at eight' },
      { id: 12, shortcut: 'open', message: 'Opening hours vary' },
      { id: 13, shortcut: 'hours', message: 'We are OPEN until six' },
      { id: 14, shortcut: 'bye', message: 'See you' },
    ]
    const found = await api.quickAnswers.list({ searchParam: 'Open' })
    expect(found.quickAnswers.map((q) => q.shortcut)).toEqual(['open', 'hours', 'zz-open'])
    const all = await api.quickAnswers.list()
    expect(all.quickAnswers.map((q) => q.shortcut)).toEqual(['bye', 'hours', 'open', 'zz-open'])
  })
})

describe('contact search, as the server searches', () => {
  const contact = { name: 'Maria Souza', number: '5513912344321', email: 'maria@shop.test' }

  it('matches a number typed with its formatting by its digits, from three digits on', () => {
    expect(contactMatches(contact, '+55 13 9123')).toBe(true)
    expect(contactMatches(contact, '(13) 91234-43')).toBe(true)
    expect(contactMatches(contact, '912')).toBe(true)
    expect(contactMatches(contact, '+55 13 0000')).toBe(false)
    // Two digits are too few: only the text as typed is searched.
    expect(contactMatches(contact, '1-3')).toBe(false)
    expect(contactMatches(contact, 'MARIA')).toBe(true)
    expect(contactMatches(contact, 'shop.test')).toBe(true)
    expect(contactMatches({ ...contact, number: null }, '+55 13 9123')).toBe(false)
  })

  it('matches one or two characters only at the start of the name, number or e-mail', () => {
    expect(contactMatches(contact, 'ma')).toBe(true)
    expect(contactMatches(contact, ' M ')).toBe(true)
    expect(contactMatches(contact, '55')).toBe(true)
    expect(contactMatches({ ...contact, name: 'Ana' }, 'MA')).toBe(true)
    // Inside the name, number or e-mail is not the start of it; three characters find it anywhere.
    expect(contactMatches(contact, 'so')).toBe(false)
    expect(contactMatches(contact, '13')).toBe(false)
    expect(contactMatches(contact, 'sh')).toBe(false)
    expect(contactMatches(contact, 'sou')).toBe(true)
  })

  it('the mock lists tickets for one or two characters by the start of the contact, not by messages', async () => {
    const api = client()
    const ticket = fixtures.tickets[0]!
    const first = ticket.contact.name.slice(0, 2)
    const { tickets } = await api.tickets.list({ searchParam: first, showAll: true })
    expect(tickets.map((t) => t.id)).toContain(ticket.id)
    for (const t of tickets) expect(t.contact.name.toLowerCase().startsWith(first.toLowerCase())).toBe(true)
    const inside = ticket.contact.name.slice(1, 3)
    const { tickets: none } = await api.tickets.list({ searchParam: inside, showAll: true })
    for (const t of none) {
      const starts = [t.contact.name, t.contact.number ?? ''].some((v) =>
        v.toLowerCase().startsWith(inside.toLowerCase()),
      )
      expect(starts).toBe(true)
    }
  })

  it('the mock finds a contact by a formatted number', async () => {
    const { contacts } = await client().contacts.list({ searchParam: '+55 11 9876-5000' })
    expect(contacts.map((c) => c.number)).toEqual(['5511987650000'])
  })
})
