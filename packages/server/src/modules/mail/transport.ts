import net from 'node:net'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { AppError } from '../../http/errors'
import { type AddressPolicy, ForbiddenAddressError, guardedLookup, refused } from '../outreach-inputs/address-guard'
import type { MailAttachment } from './outbox'
import type { TransportTarget } from './settings'

export interface OneMail {
  from: string
  to: string
  subject: string
  text: string
  attachments?: MailAttachment[]
}

type SocketCallback = (error: Error | null, socket?: { connection: net.Socket } | false) => void

/**
 * Opens the SMTP connection for nodemailer through the outbound address guard: the host (from the
 * settings or `SMTP_URL`, whatever nodemailer made of them) is resolved once, refused when any answer is
 * loopback, private, link-local or otherwise forbidden by the policy, and the socket goes to the address
 * that was checked. TLS (`smtps`, STARTTLS) runs over it with the host's name, as before.
 */
const guardedSocket =
  (policy: AddressPolicy, timeoutMs: number) => (options: SMTPTransport.Options, callback: SocketCallback) => {
    const host = options.host || 'localhost'
    const port = Number(options.port) || (options.secure ? 465 : 587)
    // An address connects without a lookup: it is checked here.
    const literal = host.replace(/^\[|\]$/g, '')
    if (net.isIP(literal) && refused(policy, literal)) {
      return setImmediate(() => callback(new ForbiddenAddressError(host, literal)))
    }
    const socket = net.connect({ host, port, lookup: guardedLookup(policy) })
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error('connection timed out'), { code: 'ETIMEDOUT' })),
    )
    const failed = (error: Error) => callback(error)
    socket.once('error', failed)
    socket.once('connect', () => {
      socket.removeListener('error', failed)
      socket.setTimeout(0)
      callback(null, { connection: socket })
    })
  }

/** Sends one mail through the SMTP server now, over a guarded connection; throws what went wrong. */
export const sendNow = async (target: TransportTarget, mail: OneMail, timeoutMs: number, policy: AddressPolicy) => {
  const limits = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }
  const transport = nodemailer.createTransport({ ...target, ...limits })
  // nodemailer's documented hook for a socket of one's own; it takes over its connecting, proxy included.
  ;(transport as unknown as { getSocket: ReturnType<typeof guardedSocket> }).getSocket = guardedSocket(
    policy,
    timeoutMs,
  )
  try {
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, encoding: 'base64' })),
    })
  } finally {
    transport.close()
  }
}

/** Words of our own for each way a send fails; the foreign server's own text is never repeated. */
const REASONS: Record<string, string> = {
  EDNS: 'The SMTP server’s name could not be resolved',
  ENOTFOUND: 'The SMTP server’s name could not be resolved',
  ETIMEDOUT: 'The SMTP server did not answer in time',
  ECONNREFUSED: 'The SMTP server refused the connection',
  ECONNECTION: 'The connection to the SMTP server failed',
  ESOCKET: 'The connection to the SMTP server failed',
  EPROTOCOL: 'The server did not answer as an SMTP server',
  ETLS: 'The secure connection to the SMTP server failed',
  EAUTH: 'The SMTP server refused the user name or password',
  ENOAUTH: 'The SMTP server asks for a user name and password',
  EENVELOPE: 'The SMTP server refused the sender or a recipient',
  EMESSAGE: 'The SMTP server refused the message',
}

/**
 * What a failed send tells the admins (the answer of a test mail, the outbox): our code and our words,
 * with the SMTP reply code when there is one. The full error goes to the server's log only.
 */
export const mailFailure = (
  error: unknown,
): { code: 'ERR_MAIL_FAILED' | 'ERR_MAIL_HOST_FORBIDDEN'; message: string } => {
  if (error instanceof ForbiddenAddressError) {
    return {
      code: 'ERR_MAIL_HOST_FORBIDDEN',
      message: `${error.host} is a local or private address the desk may not connect to`,
    }
  }
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown }
  const reason = (typeof code === 'string' && REASONS[code]) || 'The SMTP server did not accept the e-mail'
  const reply =
    typeof responseCode === 'number' && responseCode >= 200 && responseCode < 600 ? ` (SMTP ${responseCode})` : ''
  return { code: 'ERR_MAIL_FAILED', message: `${reason}${reply}` }
}

/**
 * Refuses (400 `ERR_MAIL_HOST_FORBIDDEN` on `host`) an SMTP host that resolves to an address the guard
 * forbids, when it is saved. A name that does not resolve now is kept: the test mail will tell. Every send
 * checks again, so a name that later points inside is refused then.
 */
export const checkMailHost = async (host: string, policy: AddressPolicy) => {
  const plain = host.replace(/^\[|\]$/g, '')
  const forbidden = await new Promise<ForbiddenAddressError | undefined>((resolve) =>
    guardedLookup(policy)(plain, { all: true }, (error) =>
      resolve(error instanceof ForbiddenAddressError ? error : undefined),
    ),
  )
  if (forbidden) {
    const { code, message } = mailFailure(forbidden)
    throw new AppError(code, 400, [{ path: 'host', message }], message)
  }
}
