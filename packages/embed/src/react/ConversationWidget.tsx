import type { Ref } from 'react'
import { useWidgetHost, type WidgetComponentProps, type WidgetHandle } from './useWidgetHost'

export interface ConversationWidgetProps extends WidgetComponentProps {
  /** When the conversation app loads: on the first open (default) or once the browser is idle. */
  load?: 'open' | 'idle'
  /** The visitor opened the panel (the launcher, or `open()` from the page). */
  onOpen?: () => void
  /** The visitor closed the panel (the launcher, its close button, Esc, or `close()` from the page). */
  onClose?: () => void
  /** Desk messages not yet seen while closed (the launcher shows the same count). */
  onUnread?: (count: number) => void
  /** `open()`, `close()` and `toggle()` from the page. */
  ref?: Ref<WidgetHandle>
}

/**
 * The floating chat widget: a launcher in a corner of the page that opens the desk's conversation panel in
 * a sandboxed frame. Launcher and panel live in a shadow root, so the page's CSS cannot reach them. Renders
 * nothing in the React tree; the launcher appears once the connection's config allows the page's origin.
 *
 * ```tsx
 * import { ConversationWidget } from '@desk/embed/react'
 * <ConversationWidget deskUrl="https://desk.example.com" connectionId={12} user={{ token }} />
 * ```
 */
export function ConversationWidget({
  load = 'open',
  onOpen,
  onClose,
  onUnread,
  ref,
  ...props
}: ConversationWidgetProps) {
  useWidgetHost(props, { mode: 'floating', load, onOpen, onClose, onUnread }, ref)
  // biome-ignore lint/complexity/noUselessFragments: nothing in the page's tree, but JSX (not null) so that the docs find the component and its props
  return <></>
}
