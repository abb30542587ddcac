import { useSession } from '@desk/api-client/hooks'
import { AppShell, useNotify } from '@desk/ui'
import { lazy, Suspense, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { asUiError } from '../lib/errors'
import { usePreferences } from '../lib/preferences'
import { useConnectionsAlert } from '../pages/connections/useConnectionsAlert'
// A static import on purpose: as a separate lazy chunk it made the bundler keep Chakra's whole default
// theme in the entry chunk that /login loads (+30 kB gzip). This layout is itself loaded on demand.
import Notifications from '../pages/tickets/Notifications'
import { Pending } from '../routes/guards'
import { useAccountLanguage } from './useAccountLanguage'

const ProfileModal = lazy(() => import('./ProfileModal'))

/** The shell around every private page: navigation, language, colour mode, profile and logout. */
export default function PrivateLayout() {
  const { user, isAdmin, logout } = useSession()
  const { colorMode, setColorMode } = usePreferences()
  const { locale, changeLocale } = useAccountLanguage()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const notify = useNotify()
  const [profileOpen, setProfileOpen] = useState(false)
  const connectionsAlert = useConnectionsAlert()

  // The private-route guard takes the visitor to /login once the session has ended.
  const onLogout = () => logout().catch((error) => notify.error(asUiError(error)))

  return (
    <AppShell
      currentPath={pathname}
      onNavigate={(href) => navigate(href)}
      isAdmin={isAdmin}
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
    >
      <Suspense fallback={<Pending />}>
        <Outlet />
      </Suspense>
      {profileOpen && user && (
        <Suspense fallback={null}>
          <ProfileModal user={user} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </AppShell>
  )
}
