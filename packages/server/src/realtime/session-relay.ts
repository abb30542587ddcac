import { randomUUID } from 'node:crypto'
import type { DeskIo } from './socket'

/** Work for the process that holds a connection's session: a driver call, or an admin's session call. */
export interface SessionCall {
  connectionId: number
  op: string
  args: unknown[]
}

export interface SessionCallRequest extends SessionCall {
  id: string
  /** The asking process, which the answer names. */
  from: string
}

export interface SessionCallAnswer {
  id: string
  to: string
  ok: boolean
  value?: unknown
  /** The desk's error code of a refusal, when it has one. */
  code?: string
  message?: string
}

/** Why a call did not get an answer: nobody holds the session, the holder went quiet, or it refused. */
export class RelayError extends Error {
  constructor(
    readonly reason: 'unheld' | 'timeout' | 'refused',
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'RelayError'
  }
}

/** How long the other processes have to say whether they hold a session. */
const CLAIM_TIMEOUT_MS = 2500

export type SessionCallHandler = (call: SessionCall) => Promise<unknown> | undefined

/**
 * What server processes tell each other about sessions, through socket.io's server-side events (Redis
 * pub/sub with `REDIS_URL`; without it the desk is one process and there is no one to tell):
 * - `connectionChanged`: a connection's stored session or settings changed; each process brings the
 *   instance it runs in line with the stored row.
 * - `sessionCall`: work for the process holding a session. Every process answers the event's
 *   acknowledgement at once (true from the holder only), so a call nobody holds fails without waiting;
 *   the holder then does the work and sends `sessionAnswer` to the asking process, which waits for it up
 *   to the call's own timeout (a send may take longer than the adapter's request timeout).
 */
export const createSessionRelay = (io: DeskIo, shared: boolean, self: string) => {
  const waiting = new Map<string, { resolve: (answer: SessionCallAnswer) => void }>()
  let handler: SessionCallHandler | undefined

  if (shared) {
    io.on('sessionCall', (request, claim) => {
      const work = handler?.(request)
      claim(work !== undefined)
      if (!work) return
      work.then(
        (value) => io.serverSideEmit('sessionAnswer', { id: request.id, to: request.from, ok: true, value }),
        (error: Error & { code?: string }) =>
          io.serverSideEmit('sessionAnswer', {
            id: request.id,
            to: request.from,
            ok: false,
            code: typeof error.code === 'string' ? error.code : undefined,
            message: error.message,
          }),
      )
    })
    io.on('sessionAnswer', (answer) => {
      if (answer.to === self) waiting.get(answer.id)?.resolve(answer)
    })
  }

  const claims = async (request: SessionCallRequest): Promise<boolean[]> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<boolean[]>((resolve) => {
      timer = setTimeout(() => resolve([]), CLAIM_TIMEOUT_MS)
    })
    // A process that did not answer in time counts as not holding it; those that did are still heard.
    const asked = io
      .serverSideEmitWithAck('sessionCall', request)
      .catch((error: { responses?: boolean[] }) => error.responses ?? [])
    const answers = await Promise.race([asked, late])
    clearTimeout(timer)
    return answers
  }

  return {
    shared,
    /** Tells the other processes that a connection's session or settings changed. */
    changed(connectionId: number) {
      if (shared) io.serverSideEmit('connectionChanged', connectionId)
    },
    onChanged(listener: (connectionId: number) => void) {
      if (shared) io.on('connectionChanged', listener)
    },
    /** Serves calls for the sessions this process holds: the handler answers undefined for the others. */
    serve(serveCall: SessionCallHandler) {
      handler = serveCall
    },
    /** Runs `call` in the process holding the session, and answers what it answered. */
    async call(call: SessionCall, timeoutMs: number): Promise<unknown> {
      if (!shared) throw new RelayError('unheld', 'No other server process can be reached')
      const request: SessionCallRequest = { ...call, id: randomUUID(), from: self }
      let timer: NodeJS.Timeout | undefined
      // Listening before asking: the answer may overtake the claims.
      const answered = new Promise<SessionCallAnswer | null>((resolve) => {
        waiting.set(request.id, { resolve })
        timer = setTimeout(() => resolve(null), timeoutMs)
      })
      try {
        if (!(await claims(request)).includes(true)) {
          throw new RelayError('unheld', 'No server process holds this session')
        }
        const answer = await answered
        if (!answer) throw new RelayError('timeout', 'The process holding this session did not answer in time')
        if (answer.ok) return answer.value
        throw new RelayError('refused', answer.message ?? 'refused', answer.code)
      } finally {
        clearTimeout(timer)
        waiting.delete(request.id)
      }
    },
  }
}

export type SessionRelay = ReturnType<typeof createSessionRelay>
