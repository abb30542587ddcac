import { Box, CloseButton, Drawer, Flex } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import type { UiLocale } from '../../i18n'
import { Logo } from '../../internal/Logo'
import type { NavSection } from '../../internal/navItems'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import type { ColorMode } from '../../provider/UiProvider'
import { NavList } from './internal/NavList'
import { TopBar } from './internal/TopBar'

export interface AppShellProps {
  children: ReactNode
  /** The path being shown; its navigation item is highlighted. */
  currentPath: string
  /** Called for plain left clicks on navigation links (the anchors keep their `href`). */
  onNavigate: (href: string) => void
  /** The menu's sections, as the app's page table gives them for this user. */
  nav: NavSection[]
  /** Shows a '!' badge on Connections. */
  connectionsAlert?: boolean
  /** Shown in the user menu button. */
  userName?: string
  /** Where the notification bell goes. */
  notificationSlot?: ReactNode
  locale: UiLocale
  onLocaleChange: (locale: UiLocale) => void
  colorMode: ColorMode
  onColorModeChange: (mode: ColorMode) => void
  onProfile: () => void
  /** Shows a search button in the top bar that opens the command palette. */
  onOpenPalette?: () => void
  /** The palette's shortcut as the button shows it, e.g. "Ctrl+K" or "⌘K". */
  paletteShortcut?: string
  onLogout: () => void
}

/** Top bar plus a 240 px side drawer: permanent from 600 px, a temporary overlay below. */
export function AppShell(props: AppShellProps) {
  const { children, currentPath, onNavigate, nav: sections, connectionsAlert, ...bar } = props
  const t = useT()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const nav = { currentPath, onNavigate, nav: sections, connectionsAlert }
  return (
    <Flex direction="column" minHeight="100dvh">
      <TopBar {...bar} onOpenMenu={() => setDrawerOpen(true)} />
      <Flex flex="1" minHeight="0">
        <Box
          as="nav"
          aria-label={t('shell.navigation')}
          hideBelow="sm"
          width="drawer"
          flexShrink="0"
          bg="shell.sidebar"
          borderEndWidth="1px"
          position="sticky"
          top="14"
          height="calc(100dvh - var(--chakra-sizes-14))"
          overflowY="auto"
        >
          <NavList {...nav} />
        </Box>
        <Box as="main" flex="1" minWidth="0">
          {children}
        </Box>
      </Flex>
      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
        <UiPortal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content width="drawer" bg="shell.sidebar">
              <Drawer.Header>
                <Drawer.Title>
                  <Logo size="md" />
                </Drawer.Title>
              </Drawer.Header>
              <Box as="nav" aria-label={t('shell.navigation')} overflowY="auto">
                <NavList {...nav} onNavigated={() => setDrawerOpen(false)} />
              </Box>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" colorPalette="gray" aria-label={t('shell.closeMenu')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </UiPortal>
      </Drawer.Root>
    </Flex>
  )
}
