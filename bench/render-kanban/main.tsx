/**
 * The page the kanban benchmark loads: the real KanbanBoard with 500 cards in three lanes inside
 * UiProvider, and what the benchmark drives: remounts, and moves of one card (the redraw a live move
 * or a drop causes).
 */
import { KanbanBoard, UiProvider } from '@desk/ui'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { manyCards, sampleLanes } from '../../packages/ui/src/components/kanban-card/fixtures'

export const CARDS = 500

export interface KanbanBenchApi {
  initialRenderMs?: number
  /** Cards in the DOM after the first paint (long lanes are windowed). */
  initialCards?: number
  remount(): Promise<number>
  /** Moves one card to the next lane; resolves when painted (see `Move`). */
  move(index: number): Promise<Move>
}

/**
 * One card's move, in ms: `work` is the main thread's part (React's render and commit, then style and layout,
 * forced at once), which must fit in a frame; `painted` runs to just after the next frame is drawn, so it also
 * holds the wait for that frame (up to one frame at 60 Hz, whatever the work).
 */
export interface Move {
  work: number
  painted: number
}

declare global {
  interface Window {
    kanbanBench?: KanbanBenchApi
  }
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
/** Just after the next frame is drawn: a task queued from its animation-frame callback runs once it is painted. */
const afterNextPaint = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    }),
  )
const painted = (started: number) =>
  frame()
    .then(frame)
    .then(() => performance.now() - started)
const noop = () => {}

let show: (mounted: boolean) => void = noop
let setCards: (update: (cards: ReturnType<typeof manyCards>) => ReturnType<typeof manyCards>) => void = noop
function Bench() {
  const [mounted, setMounted] = useState(true)
  const [cards, set] = useState(() => manyCards(CARDS))
  show = setMounted
  setCards = set
  return (
    <UiProvider>
      <div style={{ height: '100vh', width: '100vw' }}>
        {mounted && (
          <KanbanBoard
            lanes={sampleLanes}
            cards={cards}
            waitLimitMinutes={30}
            now="2026-01-15T10:30:00Z"
            onMoveCard={noop}
            onOpenCard={noop}
          />
        )}
      </div>
    </UiProvider>
  )
}

const api: KanbanBenchApi = {
  async remount() {
    show(false)
    await frame()
    await frame()
    const started = performance.now()
    show(true)
    return painted(started)
  },
  async move(index) {
    await frame()
    const started = performance.now()
    flushSync(() =>
      setCards((cards) =>
        cards.map((c, i) => (i === index ? { ...c, laneId: String((Number(c.laneId) % sampleLanes.length) + 1) } : c)),
      ),
    )
    // Style and layout now, as the frame would do them.
    void document.body.getBoundingClientRect()
    const work = performance.now() - started
    await afterNextPaint()
    return { work, painted: performance.now() - started }
  },
}
window.kanbanBench = api

const started = performance.now()
createRoot(document.getElementById('root') as HTMLElement).render(<Bench />)
void painted(started).then((ms) => {
  api.initialRenderMs = ms
  api.initialCards = document.querySelectorAll('[data-ticket-id]').length
})
