import type { Db } from '../../packages/server/src/db'
import type { SimulatorNetwork } from '../../packages/server/src/drivers/simulator-network'
import type { Agent, Gap } from './agents'
import type { DeskProcess } from './processes'
import type { RouteTally } from './proxies'

/** What the customers' side knows of each message: whether any delivery of it was answered 200. */
export interface SentMessages {
  count: number
  accepted: boolean[]
  /** The backend whose 200 came first, by message. */
  acceptedBy: number[]
  /** Deliveries made again on purpose (the same provider id), and deliveries retried after an error. */
  redelivered: number
  retried: number
}

const line = (label: string, text: string) => console.log(`  ${label.padEnd(13)}${text}`)
const more = (text: string) => console.log(`  ${' '.repeat(13)}${text}`)
const ms = (value: string | null | undefined) => (value ? new Date(value).getTime() : Number.NaN)

/** Each run message (`mp-<n>`) as stored: how many rows, and when the first was stored. */
export const storedMessages = async (db: Db) => {
  const rows = await db
    .selectFrom('messages')
    .select((eb) => ['providerMessageId', eb.fn.countAll<number>().as('rows'), eb.fn.min('createdAt').as('at')])
    .where('fromMe', '=', 0)
    .where('providerMessageId', 'like', 'mp-%')
    .groupBy('providerMessageId')
    .execute()
  const storedAt = new Map<number, number>()
  let twice = 0
  for (const row of rows) {
    const n = Number(row.providerMessageId?.slice(3))
    storedAt.set(n, ms(row.at as string))
    if (Number(row.rows) > 1) twice++
  }
  return { storedAt, twice }
}

export function printMessages(sent: SentMessages, stored: { storedAt: Map<number, number>; twice: number }) {
  let lost = 0
  let acknowledgedThenLost = 0
  let neverAccepted = 0
  for (let n = 0; n < sent.count; n++) {
    if (!sent.accepted[n]) neverAccepted++
    if (stored.storedAt.has(n)) continue
    lost++
    if (sent.accepted[n]) acknowledgedThenLost++
  }
  line(
    'messages',
    `sent ${sent.count} (${sent.redelivered} delivered again on purpose, ${sent.retried} deliveries retried after an error)`,
  )
  more(`stored ${stored.storedAt.size}, lost ${lost} (${acknowledgedThenLost} of them answered 200 first)`)
  more(`never answered 200 after every retry: ${neverAccepted}; duplicated (stored twice): ${stored.twice}`)
}

/** A moment of the run from which on its messages count in a phase (`from the SIGKILL …`). */
export interface Phase {
  at: number
  name: string
}

export function printEvents(
  agents: Agent[],
  storedAt: Map<number, number>,
  sent: SentMessages,
  phases: Phase[],
  faults: Gap[] = [],
) {
  const missedByAny = new Set<number>()
  agents.forEach((agent, k) => {
    const { heard, caughtUp, missed } = agent.learnt(storedAt, faults)
    for (const n of missed) missedByAny.add(n)
    const down = agent.connectedAtEnd ? '' : ', socket still away at the end'
    line(
      k === 0 ? 'events' : '',
      `${agent.name}: heard ${heard}, caught up by a reconnect ${caughtUp}, missed ${missed.length}; ` +
        `${agent.events.appMessage} appMessage and ${agent.events.ticket} ticket events, ` +
        `${agent.events.heardTwice} messages heard twice`,
    )
    more(
      `  ${agent.connects} connects, ${agent.connectErrors} connect errors, ${agent.refetches} list refetches, ` +
        `${agent.reads} tickets read${down}`,
    )
  })
  more(`missed by at least one agent: ${missedByAny.size} of ${storedAt.size} stored`)
  if (!missedByAny.size) return
  const byPhase = new Map<string, number>()
  const byDesk = new Map<string, number>()
  for (const n of missedByAny) {
    const at = storedAt.get(n) ?? 0
    const phase = phases.filter((p) => p.at <= at).at(-1)?.name ?? phases[0]?.name ?? ''
    byPhase.set(phase, (byPhase.get(phase) ?? 0) + 1)
    const by = sent.acceptedBy[n]
    const desk = by === undefined ? 'no 200' : by < 0 ? 'an unknown desk' : `desk ${by + 1}`
    byDesk.set(desk, (byDesk.get(desk) ?? 0) + 1)
  }
  const list = (map: Map<string, number>) => [...map].map(([name, n]) => `${name} ${n}`).join(', ')
  more(`  stored ${list(byPhase)}`)
  more(`  answered 200 by ${list(byDesk)}`)
}

/** Tickets whose unread counter differs from their unread customer messages. */
export async function printUnread(db: Db) {
  const rows = await db
    .selectFrom('tickets')
    .leftJoin('messages', (join) =>
      join.onRef('messages.ticketId', '=', 'tickets.id').on('messages.fromMe', '=', 0).on('messages.read', '=', 0),
    )
    .select((eb) => ['tickets.id', 'tickets.unreadMessages', eb.fn.count<number>('messages.id').as('unreadRows')])
    .groupBy(['tickets.id', 'tickets.unreadMessages'])
    .execute()
  let above = 0
  let below = 0
  let unreadTickets = 0
  for (const row of rows) {
    const rowsUnread = Number(row.unreadRows)
    if (rowsUnread > 0) unreadTickets++
    if (row.unreadMessages > rowsUnread) above++
    if (row.unreadMessages < rowsUnread) below++
  }
  line(
    'unread',
    `${rows.length} tickets (${unreadTickets} with unread messages): ${above + below} with a wrong counter ` +
      `(${above} above their unread messages, ${below} below)`,
  )
}

/** The outreach job's counters, its recipients' states and what the simulated network sent for it. */
/** The run's outreach job: its text (what its messages say) and how often the operator resumed it. */
export interface OutreachRun {
  id: number
  connectionId: number
  text: string
  /** Resumes the desk took, and those it refused. */
  resumes: number
  resumesRefused: number
}

export async function printJob(db: Db, network: SimulatorNetwork, job: OutreachRun | undefined) {
  if (!job) return line('outreach', 'no job was created')
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirst()
  if (!row) return line('outreach', `job ${job.id} is not in the database`)
  const recipients = await db
    .selectFrom('job_recipients')
    .select(['address', 'state'])
    .where('jobId', '=', job.id)
    .execute()
  const states = new Map<string, number>()
  for (const r of recipients) states.set(r.state, (states.get(r.state) ?? 0) + 1)
  const sends = new Map<string, number>()
  for (const entry of network.outbox(job.connectionId)) {
    if (entry.body === job.text) sends.set(entry.to, (sends.get(entry.to) ?? 0) + 1)
  }
  const digits = (address: string | null) => (address ?? '').replace(/@.*$/, '')
  let sentTwice = 0
  for (const count of sends.values()) if (count > 1) sentTwice++
  let recordedNotSent = 0
  const sentNotRecorded = new Map<string, number>()
  for (const r of recipients) {
    const out = sends.get(digits(r.address)) ?? 0
    if (r.state === 'sent' && out === 0) recordedNotSent++
    if (r.state !== 'sent' && out > 0) sentNotRecorded.set(r.state, (sentNotRecorded.get(r.state) ?? 0) + 1)
  }
  const state = (name: string) => states.get(name) ?? 0
  const drift = (['sent', 'failed', 'skipped', 'uncertain'] as const)
    .map((name) => ({ name, by: row[name] - state(name) }))
    .filter((d) => d.by !== 0)
  const stateList = [...states].map(([name, n]) => `${name} ${n}`).join(', ')
  line(
    'outreach',
    `job ${row.id}, ${row.status}${row.pauseReason ? ` (${row.pauseReason})` : ''}: ` +
      `counters sent ${row.sent}, failed ${row.failed}, skipped ${row.skipped}, uncertain ${row.uncertain} of ${row.total}; ` +
      `resumed ${job.resumes}× after a pause${job.resumesRefused ? ` (${job.resumesRefused} resumes refused)` : ''}`,
  )
  more(`recipient states: ${stateList || 'none'}`)
  more(`network sent to ${sends.size} of ${recipients.length} recipients; sent twice to ${sentTwice}`)
  more(
    `counter drift (counter − states): ${drift.length ? drift.map((d) => `${d.name} ${d.by > 0 ? '+' : ''}${d.by}`).join(', ') : 'none'}`,
  )
  const notRecorded = [...sentNotRecorded].map(([name, n]) => `${n} ${name}`).join(', ')
  more(
    `recorded sent but not on the network: ${recordedNotSent}; on the network but not recorded sent: ${notRecorded || '0'}`,
  )
}

/** Every route that answered an error (status 400 and above, or no answer), with its codes. */
export function printRequests(routes: Map<string, RouteTally>, unanswered: Map<string, number>) {
  let total = 0
  let errors = 0
  let serverErrors = 0
  const rows: string[] = []
  const names = new Set([...routes.keys(), ...unanswered.keys()])
  for (const route of [...names].sort()) {
    const tally = routes.get(route)
    const none = unanswered.get(route) ?? 0
    total += tally?.requests ?? 0
    const bad = [...(tally?.statuses ?? [])].filter(([status]) => status >= 400)
    const badCount = bad.reduce((sum, [, n]) => sum + n, 0)
    errors += badCount
    serverErrors += bad.filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0)
    if (!badCount && !none) continue
    const statuses = bad.map(([status, n]) => `${n}× ${status}`)
    if (none) statuses.push(`${none}× no answer`)
    const codes = [...(tally?.codes ?? [])].map(([code, n]) => `${code} ${n}`).join(', ')
    rows.push(`${route}: ${statuses.join(', ')} of ${(tally?.requests ?? 0) + none}${codes ? ` (${codes})` : ''}`)
  }
  const noAnswer = [...unanswered.values()].reduce((sum, n) => sum + n, 0)
  line(
    'requests',
    `${total} answered by the load balancer: ${errors} errors (${serverErrors} 5xx); ${noAnswer} got no answer`,
  )
  for (const row of rows) more(row)
}

export function printProcesses(processes: DeskProcess[]) {
  processes.forEach((p, k) => {
    const { warnings, errors, messages } = p.logSummary()
    const exits = p.record.unexpectedExits.length ? `, exited by itself: ${p.record.unexpectedExits.join(', ')}` : ''
    line(
      k === 0 ? 'processes' : '',
      `${p.name}: started ${p.record.starts}×${exits}; logged ${warnings} warnings, ${errors} errors`,
    )
    for (const [message, n] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 4)) more(`  ${n}× ${message}`)
  })
}
