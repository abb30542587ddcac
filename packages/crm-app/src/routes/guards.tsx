import { useSession } from '@desk/api-client/hooks'
import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { type Place, usePlace } from './navigation'

export interface FromState {
  from?: Pick<Place, 'pathname' | 'search' | 'hash'>
}

/** Where a visitor sent to /login was going, as a path. */
export const rememberedPath = (state: unknown): string | undefined => {
  const from = (state as FromState | null)?.from
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return undefined
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** Private routes: signed-out visitors go to /login, which remembers where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading, signOutReason } = useSession()
  const { pathname, search, hash } = usePlace()
  if (isLoading) return <Pending />
  if (!user) {
    // A deliberate logout starts afresh; an expired session comes back to the same page.
    const state: FromState | undefined = signOutReason === 'logout' ? undefined : { from: { pathname, search, hash } }
    return <Redirect to="/login" replace state={state} />
  }
  return children
}

/** /login and /signup: a signed-in visitor goes on to the remembered page or /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession()
  const { state } = usePlace()
  if (isLoading) return <Pending />
  if (user) return <Redirect to={rememberedPath(state) ?? '/'} replace />
  return children
}

/** Administration pages; the server refuses agents anyway, this only keeps them out of an empty page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession()
  return isAdmin ? children : <Redirect to="/" replace />
}

/** Shown while a stored session is restored: the dark page, nothing to read yet. */
export function Pending() {
  return <div aria-busy="true" style={{ minHeight: '100dvh' }} />
}
