import { Box } from '@chakra-ui/react'
import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { PortalRootContext } from '../../internal/portal'
import { useT } from '../../internal/useT'
import { widgetColorVars } from '../../theme/widget'
import { PANEL_ROOT_ATTRIBUTE } from './internal/panelFocus'
import { useFocusTrap } from './internal/useFocusTrap'

export interface WidgetPanelRootProps {
  children: ReactNode
  /** The connection's name: the panel is "Chat with …" for assistive technology. */
  name: string
  /**
   * `floating` (default): a dialog over the host page, focus kept inside while open, Esc calls `onClose`.
   * `inline`: a region in the page's flow (a partner portal's ticket page), no focus trap.
   */
  variant?: 'floating' | 'inline'
  /** Phones: the panel fills the viewport, square corners. */
  fullScreen?: boolean
  /** The host's `#rrggbb`; the theme's lime when absent. */
  primaryColor?: string
  /** Esc (when nothing inside took it, such as an open popup) and the header's close button. */
  onClose?: () => void
  /** Defaults to filling the parent (the frame); stories give it a size. */
  width?: string
  height?: string
}

/**
 * The panel's frame: header, content and composer stacked. Sets the host's colour on its palette, keeps its
 * popups (the emoji picker) inside itself so they share the colour and the focus trap.
 */
export function WidgetPanelRoot(props: WidgetPanelRootProps) {
  const { children, name, variant = 'floating', fullScreen = false, onClose } = props
  const t = useT()
  const portal = useRef<HTMLDivElement>(null)
  const root = useRef<HTMLDivElement>(null)
  const floating = variant === 'floating'
  useFocusTrap(root, floating)
  const onKeyDown = (e: KeyboardEvent) => {
    // A popup inside (quick answers, emoji) that took the Esc marks it handled.
    if (e.key !== 'Escape' || e.defaultPrevented || !onClose) return
    e.preventDefault()
    onClose()
  }
  return (
    <Box
      ref={root}
      role={floating ? 'dialog' : 'region'}
      aria-label={t('widget.panel.label', { name })}
      tabIndex={-1}
      colorPalette="brand"
      style={widgetColorVars(props.primaryColor)}
      onKeyDown={onKeyDown}
      display="flex"
      flexDirection="column"
      position="relative"
      overflow="hidden"
      width={fullScreen ? '100dvw' : (props.width ?? 'full')}
      height={fullScreen ? '100dvh' : (props.height ?? 'full')}
      minHeight="0"
      bg="bg"
      color="fg"
      borderWidth={fullScreen ? undefined : '1px'}
      borderRadius={fullScreen ? undefined : 'l3'}
      boxShadow={floating && !fullScreen ? 'lg' : undefined}
      outline="none"
      data-full-screen={fullScreen || undefined}
      {...{ [PANEL_ROOT_ATTRIBUTE]: '' }}
    >
      <PortalRootContext.Provider value={portal}>{children}</PortalRootContext.Provider>
      <div ref={portal} />
    </Box>
  )
}
