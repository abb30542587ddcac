/**
 * The page the kanban benchmark loads: the real KanbanBoard with 500 cards in three lanes inside
 * UiProvider, and what the benchmark drives: remounts, and moves of one card (the redraw a live move
 * or a drop causes).
 */
import { KanbanBoard, UiProvider } from '@desk/ui'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { manyCards, sampleLanes } from '../../packages/ui/src/components/kanban-card/fixtures'

export const CARDS = 500

export interface KanbanBenchApi {
  initialRenderMs?: number
  /** Cards in the DOM after the first paint (long lanes are windowed). */
  initialCards?: number
  remount(): Promise<number>
  /** Moves one card to the next lane; resolves when painted, in ms. */
  move(index: number): Promise<number>
}

declare global {
  interface Window {
    kanbanBench?: KanbanBenchApi
  }
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
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
    const started = performance.now()
    setCards((cards) =>
      cards.map((c, i) => (i === index ? { ...c, laneId: String((Number(c.laneId) % sampleLanes.length) + 1) } : c)),
    )
    return painted(started)
  },
}
window.kanbanBench = api

const started = performance.now()
createRoot(document.getElementById('root') as HTMLElement).render(<Bench />)
void painted(started).then((ms) => {
  api.initialRenderMs = ms
  api.initialCards = document.querySelectorAll('[data-ticket-id]').length
})
