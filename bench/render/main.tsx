/**
 * The page the rendering benchmark loads: the real TicketList (`?view=tickets`, 10,000 tickets) or
 * Conversation.MessageList (`?view=messages`, 5,000 messages) inside UiProvider, plus a scroll driver.
 */
import { Conversation, TicketList, type TicketListItemTicket, UiProvider } from '@desk/ui'
import { createRoot } from 'react-dom/client'
import { longConversation } from '../../packages/ui/src/components/conversation/fixtures'
import { sampleTickets } from '../../packages/ui/src/components/ticket-list-item/fixtures'
import type { RenderBenchApi, ScrollFigures } from './types'

const TICKETS = 10_000
const MESSAGES = 5_000
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
const rows = () => document.querySelectorAll(view === 'tickets' ? '[role="listitem"]' : '[data-index]').length

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
  let maxRows = rows()
  let last = await frame()
  for (let i = 1; i <= frames; i++) {
    el.scrollTop = view === 'tickets' ? from + step * i : from - step * i
    const now = await frame()
    deltas.push(now - last)
    last = now
    maxRows = Math.max(maxRows, rows())
  }
  return { deltas, maxRows, distance, scrollHeight: el.scrollHeight }
}

const api: RenderBenchApi = { view, count: view === 'tickets' ? TICKETS : MESSAGES, scrollThrough }
window.renderBench = api

const started = performance.now()
createRoot(document.getElementById('root') as HTMLElement).render(
  <UiProvider>
    <div style={{ height: '100vh', width: view === 'tickets' ? 420 : 760, display: 'flex', flexDirection: 'column' }}>
      {view === 'tickets' ? (
        <TicketList tickets={tickets} height="100vh" now="2026-01-15T10:30:00Z" onOpen={noop} />
      ) : (
        <Conversation.MessageList messages={messages} onReply={noop} onDelete={noop} />
      )}
    </div>
  </UiProvider>,
)
// Two frames: React has committed and the browser has painted the first view.
void frame()
  .then(frame)
  .then(() => {
    api.initialRenderMs = performance.now() - started
    api.initialRows = rows()
  })
