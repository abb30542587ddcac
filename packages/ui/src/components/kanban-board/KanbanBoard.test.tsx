import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dateTimeSettings } from '../../lib/datetime'
import { UiProvider } from '../../provider/UiProvider'
import { freshCard, sampleLanes } from '../kanban-card/fixtures'
import { KanbanBoard } from './KanbanBoard'

const START = Date.parse('2026-01-15T10:30:00Z')

describe('KanbanBoard waiting times', () => {
  const realNow = dateTimeSettings.now
  let clock = START
  beforeEach(() => {
    vi.useFakeTimers()
    clock = START
    dateTimeSettings.now = () => clock
  })
  afterEach(() => {
    dateTimeSettings.now = realNow
    vi.useRealTimers()
  })

  it('counts on by itself, a minute at a time, while the board stays open', () => {
    render(
      <UiProvider>
        <KanbanBoard lanes={sampleLanes} cards={[freshCard]} waitLimitMinutes={30} onMoveCard={() => {}} />
      </UiProvider>,
    )
    // The card has waited 4 minutes when the board opens.
    expect(screen.getByText('4 min')).toBeTruthy()
    act(() => {
      clock += 60_000
      vi.advanceTimersByTime(60_000)
    })
    expect(screen.getByText('5 min')).toBeTruthy()
    expect(screen.queryByText('4 min')).toBeNull()
  })
})
