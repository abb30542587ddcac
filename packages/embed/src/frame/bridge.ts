import type { FrameToHost, HostToFrame } from '@desk/api-client/widget-protocol'
import { fromHost, parentOriginOf, postTo } from '../shared/protocol'

/**
 * The frame's side of the protocol. It talks only to its parent window, on the parent origin named by
 * `?parent=` when the connection allows it (and the browser's `ancestorOrigins`, where it has them, agree).
 * Without an accepted origin (a plain iframe from an unknown page) it posts nothing and hears nothing.
 */
export function connectHost(claimed: string | null, allowedOrigins: readonly string[]) {
  const parent = window.parent !== window ? window.parent : null
  const origin = parent ? parentOriginOf(claimed, allowedOrigins, location.ancestorOrigins) : null
  return {
    origin,
    post: (message: FrameToHost) => {
      if (parent) postTo(parent, origin, message)
    },
    listen(handle: (message: HostToFrame) => void) {
      const onMessage = (event: MessageEvent) => {
        const message = parent ? fromHost(event, origin, parent) : null
        if (message) handle(message)
      }
      addEventListener('message', onMessage)
      return () => removeEventListener('message', onMessage)
    },
  }
}
export type HostBridge = ReturnType<typeof connectHost>
