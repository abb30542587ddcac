import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'
import type { ApiClient, DeskSocket } from '../client'
import type { User } from '../contract'
import {
  ApiContext,
  type ApiContextValue,
  isAdminUser,
  type Session,
  SessionContext,
  type SignOutReason,
} from './context'
import { ListRegistry } from './listRegistry'
import { type SocketFactory, useLiveSocket } from './useLiveSocket'
import { useLiveUpdates } from './useLiveUpdates'

export interface ApiProviderProps {
  client: ApiClient
  /** Keep a socket open while signed in and apply its events to the cache (default true). */
  live?: boolean
  /** Socket origin; the API's origin by default. */
  socketUrl?: string
  /** Opens the live socket; `createSocket` of `@desk/api-client/socket` (loaded on demand) by default. */
  socketFactory?: SocketFactory
  /** Extra SWR options; every provider has its own cache. */
  swr?: SWRConfiguration
  children: ReactNode
}

/** Puts the API client, the session and the live socket in context, over an SWR cache of its own. */
export function ApiProvider({ swr, ...props }: ApiProviderProps) {
  const [config] = useState<SWRConfiguration>(() => ({ provider: () => new Map(), ...swr }))
  return (
    <SWRConfig value={config}>
      <ApiState {...props} />
    </SWRConfig>
  )
}

interface SessionState {
  user: User | null
  token: string | null
  isLoading: boolean
  signOutReason: SignOutReason
}

function ApiState({ client, live = true, socketUrl, socketFactory, children }: Omit<ApiProviderProps, 'swr'>) {
  const [state, setState] = useState<SessionState>(() => {
    const token = client.getToken()
    return { user: null, token, isLoading: token !== null, signOutReason: null }
  })
  // Set by logout() so the session end that follows reads as deliberate.
  const loggingOut = useRef(false)
  const [lists] = useState(() => new ListRegistry())

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

  const socket: DeskSocket | null = useLiveSocket(client, live ? state.token : null, socketUrl, socketFactory)

  const api = useMemo<ApiContextValue>(
    () => ({ client, socket, lists, setSessionUser }),
    [client, socket, lists, setSessionUser],
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
    <ApiContext.Provider value={api}>
      <SessionContext.Provider value={session}>
        <LiveUpdates signedIn={state.token !== null} user={state.user} />
        {children}
      </SessionContext.Provider>
    </ApiContext.Provider>
  )
}

function LiveUpdates({ signedIn, user }: { signedIn: boolean; user: User | null }) {
  useLiveUpdates(signedIn, user)
  return null
}
