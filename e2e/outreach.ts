import type { Page } from 'playwright-core'
import type { Api } from './api'

/** The outreach end-to-end tests' reading of jobs, the simulated network and the sending pages. */

/** What the test reads of the API's answers (the root package does not depend on the contract). */
export interface Job {
  id: number
  kind: string
  status: string
  startAt: string | null
  total: number
  sent: number
  failed: number
  uncertain: number
}
export interface JobRecipientListResponse {
  recipients: { entry: string; state: string }[]
  hasMore: boolean
}
interface SimulatorOutboxEntry {
  kind: string
  to: string
}

/** Numbers outside Brazil, so the seed's number rule leaves them as they are. */
export const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => String(from + i))

/** Polls `read` until `check` holds, for up to `seconds` (a job's whole run). */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  seconds = 90,
  pollMs = 50,
) {
  const deadline = Date.now() + seconds * 1000
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await read()
    if (check(last)) return last
    await new Promise((r) => setTimeout(r, pollMs))
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
}

/** How many messages of `kind` the simulated network holds for each number. */
export async function outboxCounts(api: Api, connectionId: number, kind = 'text') {
  const outbox = await api<SimulatorOutboxEntry[]>('GET', `/simulator/${connectionId}/outbox`)
  const counts = new Map<string, number>()
  for (const entry of outbox) if (entry.kind === kind) counts.set(entry.to, (counts.get(entry.to) ?? 0) + 1)
  return counts
}

/** The id of the job the page just started, from its "Open job n" link. */
export async function startedJob(page: Page) {
  const link = page.getByRole('link', { name: /^Open job \d+$/ }).first()
  await link.waitFor()
  return Number((await link.getAttribute('href'))?.split('/').pop())
}

/** The "Sent messages: n / total" counter on the page, once one shows for `total`. */
export async function counterOf(page: Page, total: number) {
  const text = await page
    .getByText(new RegExp(`^Sent messages: \\d+ / ${total}$`))
    .first()
    .textContent()
  return Number(/(\d+) \//.exec(text ?? '')?.[1] ?? -1)
}
