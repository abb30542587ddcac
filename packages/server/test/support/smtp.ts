import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/**
 * A local SMTP server (the `smtp-server` package) that keeps what it receives. `failing` makes it
 * refuse every message (a 451), as a broken mail provider would.
 */
export const startSmtp = async () => {
  const received: ReceivedMail[] = []
  const state = { failing: false }
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.failing) {
          const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 })
          return callback(error)
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  /** Resolves with the first mail to `to` (already received or yet to come). */
  const mailTo = (to: string): Promise<ReceivedMail> =>
    new Promise((resolve) => {
      const check = () => {
        const found = received.find((m) => m.to.includes(to))
        if (found) resolve(found)
        else waiters.push(check)
      }
      check()
    })
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    mailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
