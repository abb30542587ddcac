import { createContext, useContext } from 'react'
import type { ApiClient, DeskSocket } from '../client'
import type { LoginRequest, SignupRequest, User } from '../contract'
import type { ListRegistry } from './listRegistry'

export type { CachedList } from './listRegistry'

export interface ApiContextValue {
  client: ApiClient
  /** The live connection while signed in (and live updates are on), else `null`. */
  socket: DeskSocket | null
  /** The infinite lists on screen (tickets, messages, contacts, quick answers, users), so live events reach them. */
  lists: ListRegistry
  setSessionUser(user: User | null): void
}

export type SignOutReason = 'logout' | 'expired' | null

export interface Session {
  /** The signed-in user; `null` when signed out or still restoring. */
  user: User | null
  /** True while a stored session is being restored on start. */
  isLoading: boolean
  isAdmin: boolean
  /** Why the last session ended: `'logout'` when asked for, `'expired'` when the server ended it. */
  signOutReason: SignOutReason
  login(credentials: LoginRequest): Promise<User>
  logout(): Promise<void>
  /** Creates an account; it does not sign in. */
  signup(body: SignupRequest): Promise<User>
}

/** What the session provider shares with the live data below it (not part of the public API). */
export interface SessionCore {
  client: ApiClient
  /** The access token while signed in, else `null`. */
  token: string | null
  user: User | null
  setSessionUser(user: User | null): void
}

export const ApiContext = createContext<ApiContextValue | null>(null)
export const SessionContext = createContext<Session | null>(null)
export const SessionCoreContext = createContext<SessionCore | null>(null)

export function useSessionCore(): SessionCore {
  const value = useContext(SessionCoreContext)
  if (!value) throw new Error('Wrap the tree in <ApiProvider client={…}> or <SessionProvider client={…}>')
  return value
}

/** The client, the live socket and the lists: inside `ApiProvider`, or `LiveDataProvider` under a `SessionProvider`. */
export function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext)
  if (!value)
    throw new Error('Wrap the tree in <ApiProvider client={…}>, or in <LiveDataProvider> under a <SessionProvider>')
  return value
}

/** The API client of the nearest ApiProvider or SessionProvider. */
export const useApiClient = (): ApiClient => useSessionCore().client

/** The live socket (or `null`), for hooks that join rooms. */
export const useSocket = (): DeskSocket | null => useApiContext().socket

/** The signed-in user and the auth actions. */
export function useSession(): Session {
  const value = useContext(SessionContext)
  if (!value) throw new Error('Wrap the tree in <ApiProvider client={…}>')
  return value
}

export const isAdminUser = (user: User | null | undefined) => user?.profile?.toLowerCase() === 'admin'
