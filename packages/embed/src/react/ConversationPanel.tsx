import { type CSSProperties, useRef } from 'react'
import { useWidgetHost, type WidgetComponentProps } from './useWidgetHost'

export interface ConversationPanelProps extends WidgetComponentProps {
  /** The box's height (the panel fills it); 600 px by default. */
  height?: CSSProperties['height']
  /** A class for the box the frame fills (its size and place in the page). */
  className?: string
  /** Styles for the box the frame fills; its `height` wins over the `height` prop. */
  style?: CSSProperties
}

/**
 * The conversation panel inside the page's flow (a partner portal's ticket page): no launcher, always open,
 * in a sandboxed frame that fills this box.
 *
 * ```tsx
 * import { ConversationPanel } from '@desk/embed/react'
 * <ConversationPanel deskUrl="https://desk.example.com" connectionId={12} user={{ token }} height={560} />
 * ```
 */
export function ConversationPanel({ height = 600, className, style, ...props }: ConversationPanelProps) {
  const box = useRef<HTMLDivElement>(null)
  useWidgetHost(props, { mode: 'inline', container: box })
  return <div ref={box} className={className} style={{ height, ...style }} data-testid="conversation-panel" />
}
