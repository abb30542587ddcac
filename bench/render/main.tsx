/**
 * The page the rendering benchmark loads: the real TicketList (`?view=tickets`, 10,000 tickets) or
 * Conversation.MessageList (`?view=messages`, 5,000 messages) inside UiProvider, plus a scroll driver.
 */
import { Conversation, TicketList, type TicketListItemTicket, UiProvider } from '@desk/ui'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { longConversation } from '../../packages/ui/src/components/conversation/fixtures'
import { sampleTickets } from '../../packages/ui/src/components/ticket-list-item/fixtures'
import type { RenderBenchApi, ScrollFigures } from './types'

const TICKETS = 10_000
const MESSAGES = 5_000
/** A frame counts as showing blank space when rows cover less than this share of the view. */
const COVERED = 0.9
const view = new URLSearchParams(location.search).get('view') === 'messages' ? 'messages' : 'tickets'

const tickets: TicketListItemTicket[] = Array.from({ length: TICKETS }, (_, i) => ({
  ...sampleTickets[i % sampleTickets.length],
  id: i + 1,
  contact: { name: `Customer ${i + 1}`, profilePicUrl: null },
  unreadMessages: i % 5,
  updatedAt: new Date(Date.parse('2026-01-15T10:29:00Z') - i * 60_000).toISOString(),
}))
const messages = view === 'messages' ? longConversation(MESSAGES) : []
const noop = () => {}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
const scroller = () =>
  document.querySelector<HTMLElement>(view === 'tickets' ? '[role="region"]' : '[role="log"]') as HTMLElement
const rowSelector = view === 'tickets' ? '[role="listitem"]' : '[data-index]'
const rows = () => document.querySelectorAll(rowSelector).length

/** Whether the rows in the DOM leave part of the view empty (read after a scroll, so before it is painted). */
function showsBlank(el: HTMLElement) {
  const box = el.getBoundingClientRect()
  const spans = Array.from(el.querySelectorAll(rowSelector), (row) => row.getBoundingClientRect())
    .map((r) => [Math.max(r.top, box.top), Math.min(r.bottom, box.bottom)] as const)
    .filter(([top, bottom]) => bottom > top)
    .sort((a, b) => a[0] - b[0])
  let covered = 0
  let reach = box.top
  for (const [top, bottom] of spans) {
    if (bottom <= reach) continue
    covered += bottom - Math.max(top, reach)
    reach = bottom
  }
  return covered < COVERED * box.height
}

/**
 * Scrolls one step a frame, `frames` times: `stepPx` each, or the whole list when no step is given;
 * downwards through tickets, upwards through messages (from where the list stands).
 */
async function scrollThrough(frames: number, stepPx?: number): Promise<ScrollFigures> {
  const el = scroller()
  const from = el.scrollTop
  const left = view === 'tickets' ? el.scrollHeight - el.clientHeight - from : from
  const step = stepPx ?? left / frames
  const distance = step * frames
  const deltas: number[] = []
  const longTasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  let maxRows = rows()
  let blankFrames = 0
  let last = await frame()
  for (let i = 1; i <= frames; i++) {
    el.scrollTop = view === 'tickets' ? from + step * i : from - step * i
    if (showsBlank(el)) blankFrames++
    const now = await frame()
    deltas.push(now - last)
    last = now
    maxRows = Math.max(maxRows, rows())
  }
  observer.disconnect()
  return { deltas, maxRows, blankFrames, longTasks, distance, scrollHeight: el.scrollHeight }
}

async function warmUp(frames: number, stepPx: number) {
  const home = scroller().scrollTop
  await scrollThrough(frames, stepPx)
  const el = scroller()
  el.scrollTop = home
  // The jump back is drawn as a transition: wait until the rows cover the view again.
  for (let i = 0; i < 600 && showsBlank(el); i++) await frame()
  await frame()
}

let show: (mounted: boolean) => void = noop
function Bench() {
  const [mounted, setMounted] = useState(true)
  show = setMounted
  return (
    <UiProvider>
      <div style={{ height: '100vh', width: view === 'tickets' ? 420 : 760, display: 'flex', flexDirection: 'column' }}>
        {mounted &&
          (view === 'tickets' ? (
            <TicketList tickets={tickets} height="100vh" now="2026-01-15T10:30:00Z" onOpen={noop} />
          ) : (
            <Conversation.MessageList messages={messages} onReply={noop} onDelete={noop} />
          ))}
      </div>
    </UiProvider>
  )
}

// Two frames after a mount: React has committed and the browser has painted the first view.
const painted = (started: number) =>
  frame()
    .then(frame)
    .then(() => performance.now() - started)

async function remount() {
  show(false)
  await frame()
  await frame()
  const started = performance.now()
  show(true)
  return painted(started)
}

const api: RenderBenchApi = { view, count: view === 'tickets' ? TICKETS : MESSAGES, remount, scrollThrough, warmUp }
window.renderBench = api

const started = performance.now()
createRoot(document.getElementById('root') as HTMLElement).render(<Bench />)
void painted(started).then((ms) => {
  api.initialRenderMs = ms
  api.initialRows = rows()
})
