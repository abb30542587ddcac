import { envelope, type FrameToHost, type HostToFrame, openEnvelope } from '@desk/api-client/widget-protocol'

/**
 * Both ends of the host ⇄ frame protocol check who they talk to: a message counts only when it comes
 * from the expected window, from the expected origin, in our namespace and version, with a type the
 * receiving side knows. Nothing is ever posted to `'*'`.
 */

const HOST_TO_FRAME: ReadonlySet<string> = new Set<HostToFrame['type']>([
  'open',
  'close',
  'setUser',
  'setLocale',
  'setTheme',
])
const FRAME_TO_HOST: ReadonlySet<string> = new Set<FrameToHost['type']>([
  'ready',
  'opened',
  'closed',
  'message:received',
  'message:sent',
  'unread',
  'error',
  'keep',
])

interface Received {
  origin: string
  source: MessageEventSource | null
  data: unknown
}

/** The host's reading of a message: one of the frame's, from the desk's origin and the frame's own window. */
export function fromFrame(event: Received, deskOrigin: string, frame: Window | null | undefined): FrameToHost | null {
  if (!frame || event.source !== frame || event.origin !== deskOrigin) return null
  const message = openEnvelope<FrameToHost>(event.data)
  return message && FRAME_TO_HOST.has(message.type) ? message : null
}

/** The frame's reading of a message: one of the host's, from the checked parent origin and the parent window. */
export function fromHost(event: Received, parentOrigin: string | null, parent: Window): HostToFrame | null {
  if (!parentOrigin || event.source !== parent || event.origin !== parentOrigin) return null
  const message = openEnvelope<HostToFrame>(event.data)
  return message && HOST_TO_FRAME.has(message.type) ? message : null
}

/** Posts one message to `target`, only ever to a named origin. */
export function postTo<T>(target: Window, origin: string | null, message: T): boolean {
  if (!origin || origin === '*') return false
  target.postMessage(envelope(message), origin)
  return true
}

/** `scheme://host[:port]` of an address, lower-case, or null when it is not an http(s) address. */
export function originOf(address: string | null | undefined): string | null {
  if (!address) return null
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : null
  } catch {
    return null
  }
}

/**
 * The origin the frame may talk to: the parent named by `?parent=`, when the connection allows it and,
 * where the browser tells (`location.ancestorOrigins`), the page that really holds the frame is that one.
 * Without `?parent=` (a plain iframe), the embedding page as the browser names it, if allowed. Else null:
 * the frame then posts nothing.
 */
export function parentOriginOf(
  claimed: string | null,
  allowedOrigins: readonly string[],
  ancestorOrigins?: ArrayLike<string> | null,
): string | null {
  const allowed = new Set(allowedOrigins.map((o) => originOf(o)).filter((o) => o !== null))
  const actual = ancestorOrigins && ancestorOrigins.length > 0 ? originOf(ancestorOrigins[0]) : undefined
  const origin = claimed === null ? (actual ?? null) : originOf(claimed)
  if (!origin || !allowed.has(origin)) return null
  if (actual !== undefined && actual !== origin) return null
  return origin
}
