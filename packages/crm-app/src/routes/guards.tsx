import { useSession } from '@desk/api-client/hooks'
import { type Location, Navigate, Outlet, useLocation } from 'react-router'

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>
}

/** Where a visitor sent to /login was going, as a path. */
export const rememberedPath = (state: unknown): string | undefined => {
  const from = (state as FromState | null)?.from
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return undefined
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** Private routes: signed-out visitors go to /login, which remembers where they were going. */
export function RequireAuth() {
  const { user, isLoading, signOutReason } = useSession()
  const location = useLocation()
  if (isLoading) return <Pending />
  if (!user) {
    // A deliberate logout starts afresh; an expired session comes back to the same page.
    const state: FromState | undefined = signOutReason === 'logout' ? undefined : { from: location }
    return <Navigate to="/login" replace state={state} />
  }
  return <Outlet />
}

/** /login and /signup: a signed-in visitor goes on to the remembered page or /. */
export function PublicOnly() {
  const { user, isLoading } = useSession()
  const location = useLocation()
  if (isLoading) return <Pending />
  if (user) return <Navigate to={rememberedPath(location.state) ?? '/'} replace />
  return <Outlet />
}

/** Administration pages; the server refuses agents anyway, this only keeps them out of an empty page. */
export function RequireAdmin() {
  const { isAdmin } = useSession()
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />
}

/** Shown while a stored session is restored: the dark page, nothing to read yet. */
export function Pending() {
  return <div aria-busy="true" style={{ minHeight: '100dvh' }} />
}
