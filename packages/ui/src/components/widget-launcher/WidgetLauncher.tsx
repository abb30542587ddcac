import { Box, chakra, VisuallyHidden } from '@chakra-ui/react'
import type { IconType } from 'react-icons'
import { LuCircleHelp, LuMail, LuMessageCircle, LuX } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { widgetColorVars } from '../../theme/widget'

export type WidgetLauncherIcon = 'chat' | 'help' | 'mail'

export interface WidgetLauncherProps {
  icon?: WidgetLauncherIcon
  /** Shown beside the icon; empty or absent shows the round icon button alone. */
  text?: string
  /** The corner it floats in (with `floating`), and the side the badge sits on. */
  position?: 'left' | 'right'
  /** Desk messages the visitor has not read: a badge, and part of the button's name. */
  unreadCount?: number
  /** Whether the panel is open: the icon becomes a cross and the button says "Close chat". */
  open?: boolean
  onClick?: () => void
  /** The host's `#rrggbb`; the theme's lime when absent. */
  primaryColor?: string
  /** Fixed in the bottom corner of the page (the React embed); in flow otherwise (the frame, stories). */
  floating?: boolean
  /** The id of the panel it opens (`aria-controls`). */
  controls?: string
}

const ICONS: Record<WidgetLauncherIcon, IconType> = { chat: LuMessageCircle, help: LuCircleHelp, mail: LuMail }

const Button = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    position: 'relative',
    minWidth: '14',
    height: '14',
    paddingInline: '4',
    borderRadius: 'full',
    bg: 'colorPalette.solid',
    color: 'colorPalette.contrast',
    fontWeight: 'semibold',
    textStyle: 'md',
    boxShadow: 'lg',
    cursor: 'pointer',
    _hover: { boxShadow: 'xl' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    '& svg': { boxSize: '6', flexShrink: '0' },
  },
})

/** The round floating button that opens the chat, with an unread badge; the design reference of the loader's. */
export function WidgetLauncher(props: WidgetLauncherProps) {
  const { icon = 'chat', text, position = 'right', unreadCount = 0, open = false, floating = false } = props
  const t = useT()
  const Icon = open ? LuX : ICONS[icon]
  const action = t(open ? 'widget.launcher.close' : 'widget.launcher.open')
  const unread = unreadCount > 0 && !open ? t('widget.launcher.unread', { count: unreadCount }) : ''
  const showText = Boolean(text) && !open
  return (
    <Button
      type="button"
      colorPalette="brand"
      style={widgetColorVars(props.primaryColor)}
      aria-expanded={open}
      aria-controls={props.controls}
      onClick={props.onClick}
      position={floating ? 'fixed' : 'relative'}
      bottom={floating ? '5' : undefined}
      insetInlineStart={floating && position === 'left' ? '5' : undefined}
      insetInlineEnd={floating && position === 'right' ? '5' : undefined}
      zIndex={floating ? 'overlay' : undefined}
      data-position={position}
    >
      <Icon aria-hidden />
      {/* The name is the text shown (or the action), then the unread count: what is seen is what is read. */}
      {showText ? <span>{text}</span> : <VisuallyHidden>{action}</VisuallyHidden>}
      {unread && <VisuallyHidden>({unread})</VisuallyHidden>}
      {unread && (
        <Box
          as="span"
          aria-hidden
          position="absolute"
          top="-1"
          insetInlineEnd={position === 'right' ? '-1' : undefined}
          insetInlineStart={position === 'left' ? '-1' : undefined}
          display="flex"
          alignItems="center"
          justifyContent="center"
          minWidth="6"
          height="6"
          paddingInline="1"
          borderRadius="full"
          borderWidth="2px"
          borderColor="bg"
          bg="red.solid"
          color="red.contrast"
          fontSize="xs"
          fontWeight="bold"
          lineHeight="1"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </Box>
      )}
    </Button>
  )
}
