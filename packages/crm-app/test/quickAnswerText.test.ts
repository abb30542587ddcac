import { describe, expect, it } from 'vitest'
import { fillQuickAnswer, greetingFor, signed } from '../src/pages/tickets/internal/quickAnswerText'

const greetings = { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' }
const ticket = { id: 42, contact: { name: 'Marina Costa' }, queue: { name: 'Sales' }, whatsapp: { name: 'Main line' } }

describe('quick answer placeholders', () => {
  it('fill every placeholder for the ticket, the agent and the moment', () => {
    const now = new Date(2026, 0, 5, 9, 7)
    const text = fillQuickAnswer(
      '{{ms}} {{name}}, {{user}} here ({{queue}} via {{connection}}), ticket #{{ticket_id}} on {{date}} at {{hour}}',
      { ticket, userName: 'Ana', now, greetings },
    )
    expect(text).toBe('Good morning Marina Costa, Ana here (Sales via Main line), ticket #42 on 05/01/2026 at 09:07')
  })

  it('leave unknown placeholders as written and empty ones for a ticket without queue or connection', () => {
    const text = fillQuickAnswer('{{queue}}|{{connection}}|{{price}}', {
      ticket: { id: 1, contact: { name: 'X' }, queue: null, whatsapp: null },
      userName: 'Ana',
      now: new Date(2026, 0, 5, 9),
      greetings,
    })
    expect(text).toBe('||{{price}}')
  })

  it('greet by the part of the day', () => {
    expect(greetingFor(new Date(2026, 0, 5, 11, 59), greetings)).toBe('Good morning')
    expect(greetingFor(new Date(2026, 0, 5, 12, 0), greetings)).toBe('Good afternoon')
    expect(greetingFor(new Date(2026, 0, 5, 18, 0), greetings)).toBe('Good evening')
  })

  it('sign messages with the name in bold and a line break only when asked', () => {
    expect(signed('Hi', 'Ana', true)).toBe('*Ana:*\nHi')
    expect(signed('Hi', 'Ana', false)).toBe('Hi')
  })
})
