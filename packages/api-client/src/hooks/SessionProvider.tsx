import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ApiClient } from '../client'
import type { User } from '../contract'
import {
  isAdminUser,
  type Session,
  SessionContext,
  type SessionCore,
  SessionCoreContext,
  type SignOutReason,
} from './context'

export interface SessionProviderProps {
  client: ApiClient
  children: ReactNode
}

interface SessionState {
  user: User | null
  token: string | null
  isLoading: boolean
  signOutReason: SignOutReason
}

/** The API client and the session (`useSession`, `useApiClient`): all that signing in and up needs. */
export function SessionProvider({ client, children }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(() => {
    const token = client.getToken()
    return { user: null, token, isLoading: token !== null, signOutReason: null }
  })
  // Set by logout() so the session end that follows reads as deliberate.
  const loggingOut = useRef(false)

  useEffect(
    () =>
      client.onSession((session) => {
        const signOutReason = session ? null : loggingOut.current ? 'logout' : 'expired'
        setState({ user: session?.user ?? null, token: session?.token ?? null, isLoading: false, signOutReason })
      }),
    [client],
  )

  // Restore a stored session once: a refresh gives a fresh token and the user, or signs out.
  const restoring = useRef<ApiClient | null>(null)
  useEffect(() => {
    if (restoring.current === client || !client.getToken()) return
    restoring.current = client
    client.auth.refresh().catch(() => client.clearSession())
  }, [client])

  const setSessionUser = useCallback(
    (user: User | null) => {
      if (user) setState((s) => ({ ...s, user }))
      else client.clearSession()
    },
    [client],
  )

  const core = useMemo<SessionCore>(
    () => ({ client, token: state.token, user: state.user, setSessionUser }),
    [client, state.token, state.user, setSessionUser],
  )

  const session = useMemo<Session>(
    () => ({
      user: state.user,
      isLoading: state.isLoading,
      isAdmin: isAdminUser(state.user),
      signOutReason: state.signOutReason,
      login: async (credentials) => (await client.auth.login(credentials)).user,
      logout: async () => {
        loggingOut.current = true
        try {
          await client.auth.logout()
        } finally {
          loggingOut.current = false
        }
      },
      signup: (body) => client.auth.signup(body),
    }),
    [client, state.user, state.isLoading, state.signOutReason],
  )

  return (
    <SessionCoreContext.Provider value={core}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </SessionCoreContext.Provider>
  )
}
