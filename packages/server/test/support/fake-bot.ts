import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DeskServer } from '../../src/index'

export interface BotCall {
  body: string
  json: {
    kind: string
    ticket: { id: number }
    contact: { number: string }
    message: { body: string }
    messages: Array<{ body: string }>
  }
  signature: string | undefined
}

/**
 * A bot on a local port: records each post with its signature and answers what `answer`
 * says (a JSON body, or a delay longer than the desk waits).
 */
export const startFakeBot = async () => {
  const calls: BotCall[] = []
  const waiters: Array<() => void> = []
  /** `gate`: the answer waits until it settles (the test decides when the bot "finishes thinking"). */
  let answer: { status?: number; body?: unknown; delayMs?: number; gate?: Promise<unknown> } = {
    body: { replies: [] },
  }
  /** Answers for the next posts, one each, before `answer` again. */
  const once: Array<typeof answer> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const header = req.headers['x-signature-256']
      calls.push({ body, json: JSON.parse(body), signature: typeof header === 'string' ? header : undefined })
      for (const w of waiters.splice(0)) w()
      const { status = 200, body: reply = { replies: [] }, delayMs = 0, gate } = once.shift() ?? answer
      const send = () => {
        if (res.destroyed) return
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(reply))
      }
      if (gate) void gate.then(send, send)
      else if (delayMs) setTimeout(send, delayMs).unref()
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    answerWith(next: typeof answer) {
      answer = next
    },
    /** The next post gets `next`; the ones after it the usual answer. */
    answerOnceWith(next: typeof answer) {
      once.push(next)
    },
    /** Resolves once `count` posts arrived. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (calls.length >= count ? resolve() : waiters.push(check))
        check()
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const hmac = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

/** Polls `check` until it returns something truthy (no fixed delay decides the outcome). */
export const eventually = async <T>(check: () => Promise<T | undefined | false>, tries = 200): Promise<T> => {
  for (let i = 0; i < tries; i++) {
    const value = await check()
    if (value) return value
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('condition never held')
}

/**
 * Waits until the desk is done with a bot's answer for a ticket's contact: it lets go of the contact's bot
 * lease once the answer is read (and sent, or dropped).
 */
export const botLeaseReleased = async (server: DeskServer, contactId: number) =>
  eventually(async () => {
    const lease = await server.db
      .selectFrom('bot_leases')
      .select('holder')
      .where('contactId', '=', contactId)
      .executeTakeFirst()
    return !lease
  })
