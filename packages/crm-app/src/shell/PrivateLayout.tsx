import { LiveDataProvider, useChatChannels, useSession } from '@desk/api-client/hooks'
import { AppShell, registerAppMessages, registerAppRecipes, ShortcutsDialog, useNotify } from '@desk/ui'
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { clearAllDrafts } from '../lib/drafts'
import { asUiError } from '../lib/errors'
import { isMacLike } from '../lib/keyboard'
import { usePreferences } from '../lib/preferences'
import { useConnectionsAlert } from '../pages/connections/useConnectionsAlert'
import { menuFor, withChatBadge } from '../pages/pageTable'
// A static import on purpose: as a separate lazy chunk it made the bundler keep Chakra's whole default
// theme in the entry chunk that /login loads (+30 kB gzip). This layout is itself loaded on demand.
import Notifications from '../pages/tickets/Notifications'
import { Pending } from '../routes/guards'
import { useNavigate, usePlace } from '../routes/navigation'
import { CommandPaletteFlow } from './CommandPaletteFlow'
import { useAccountLanguage } from './useAccountLanguage'
import { useGlobalShortcuts } from './useGlobalShortcuts'

const ProfileModal = lazy(() => import('./ProfileModal'))

// The recipes of menus, dialogs, tables … and the English messages of the signed-in app come with it,
// before any of it draws: /login carries only those of its own form.
registerAppRecipes()
registerAppMessages()

/**
 * The signed-in app: its data (an SWR cache of its own, the live socket, the lists that follow it) around
 * the shell. A new sign-in starts with an empty cache.
 */
export default function PrivateLayout({ children }: { children?: ReactNode }) {
  return (
    <LiveDataProvider>
      <Shell>{children}</Shell>
    </LiveDataProvider>
  )
}

/**
 * The shell around every private page: navigation, language, colour mode, profile and logout; the command
 * palette (Ctrl+K or ⌘+K, or the top bar's search button) and the list of shortcuts (`?`).
 */
function Shell({ children }: { children?: ReactNode }) {
  const { user, isAdmin, logout } = useSession()
  const { colorMode, setColorMode } = usePreferences()
  const { locale, changeLocale } = useAccountLanguage()
  const navigate = useNavigate()
  const { pathname } = usePlace()
  const notify = useNotify()
  const [profileOpen, setProfileOpen] = useState(false)
  const connectionsAlert = useConnectionsAlert()
  const { unread: chatUnread } = useChatChannels()
  const nav = useMemo(() => withChatBadge(menuFor(isAdmin), chatUnread), [isAdmin, chatUnread])
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const [modKey] = useState(() => (isMacLike() ? '⌘' : 'Ctrl'))
  useGlobalShortcuts({
    onPalette: () => {
      setShortcutsOpen(false)
      setPaletteOpen(true)
    },
    onHelp: () => setShortcutsOpen(true),
  })

  // The private-route guard takes the visitor to /login once the session has ended. Unsent drafts end
  // with it: the next agent in this tab does not find them.
  const onLogout = () =>
    logout()
      .then(clearAllDrafts)
      .catch((error) => notify.error(asUiError(error)))

  return (
    <AppShell
      currentPath={pathname}
      onNavigate={(href) => navigate(href)}
      nav={nav}
      connectionsAlert={connectionsAlert}
      userName={user?.name}
      notificationSlot={
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      }
      locale={locale}
      onLocaleChange={changeLocale}
      colorMode={colorMode}
      onColorModeChange={setColorMode}
      onProfile={() => setProfileOpen(true)}
      onLogout={onLogout}
      onOpenPalette={() => setPaletteOpen(true)}
      paletteShortcut={modKey === '⌘' ? '⌘K' : 'Ctrl+K'}
    >
      <Suspense fallback={<Pending />}>{children}</Suspense>
      <CommandPaletteFlow open={paletteOpen} onClose={() => setPaletteOpen(false)} />
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} modKey={modKey} />
      {profileOpen && user && (
        <Suspense fallback={null}>
          <ProfileModal user={user} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </AppShell>
  )
}
