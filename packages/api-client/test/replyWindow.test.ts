import { describe, expect, it } from 'vitest'
import { canSendFreeText, replyWindowNextChange, replyWindowState } from '../src/rules/reply-window'

const last = '2026-11-28T09:14:00.000Z'
const at = (iso: string) => new Date(iso)

describe('the reply window', () => {
  it('does not exist on channels without one', () => {
    for (const driver of ['simulator', 'web-session', 'webchat', 'telephony', undefined]) {
      const window = replyWindowState(driver, null, at('2026-11-28T10:00:00Z'))
      expect(window).toEqual({ state: 'none' })
      expect(canSendFreeText(window, false)).toBe(true)
    }
  })

  it('is open on the Cloud API for 24 hours after the customer wrote, closing soon in the last hour', () => {
    expect(replyWindowState('cloud-api', last, at('2026-11-28T20:00:00Z'))).toEqual({
      state: 'open',
      until: '2026-11-29T09:14:00.000Z',
      closingSoon: false,
      humanAgentUntil: null,
    })
    expect(replyWindowState('cloud-api', last, at('2026-11-29T08:30:00Z'))).toMatchObject({ closingSoon: true })
    const closed = replyWindowState('cloud-api', last, at('2026-11-29T09:14:00Z'))
    expect(closed).toEqual({ state: 'closed', closedAt: '2026-11-29T09:14:00.000Z' })
    expect(canSendFreeText(closed, true)).toBe(false)
  })

  it('is closed when the customer never wrote', () => {
    expect(replyWindowState('cloud-api', null)).toEqual({ state: 'closed', closedAt: null })
    expect(replyWindowState('instagram', undefined)).toEqual({ state: 'closed', closedAt: null })
  })

  it('lets a human agent answer on Instagram for 7 days, but not a bot or a job', () => {
    const grace = replyWindowState('instagram', last, at('2026-11-30T09:00:00Z'))
    expect(grace).toEqual({ state: 'human-agent', until: '2026-12-05T09:14:00.000Z', closingSoon: false })
    expect(canSendFreeText(grace, true)).toBe(true)
    expect(canSendFreeText(grace, false)).toBe(false)
    const open = replyWindowState('instagram', last, at('2026-11-28T10:00:00Z'))
    expect(open).toMatchObject({ state: 'open', humanAgentUntil: '2026-12-05T09:14:00.000Z' })
    expect(replyWindowState('instagram', last, at('2026-12-05T09:14:00Z'))).toEqual({
      state: 'closed',
      closedAt: '2026-12-05T09:14:00.000Z',
    })
  })

  it('names when the notice must change next', () => {
    const now = at('2026-11-28T20:00:00Z')
    expect(replyWindowNextChange(replyWindowState('cloud-api', last, now), now)).toBe('2026-11-29T08:14:00.000Z')
    const soon = at('2026-11-29T08:30:00Z')
    expect(replyWindowNextChange(replyWindowState('cloud-api', last, soon), soon)).toBe('2026-11-29T09:14:00.000Z')
    expect(replyWindowNextChange({ state: 'none' })).toBeNull()
  })
})
