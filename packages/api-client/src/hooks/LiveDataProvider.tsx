import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import { type Cache, SWRConfig, type SWRConfiguration } from 'swr'
import type { DeskSocket } from '../client'
import type { User } from '../contract'
import { holdCache, releaseCache } from './cacheLifetime'
import { ApiContext, type ApiContextValue, useSessionCore } from './context'
import { ListRegistry } from './listRegistry'
import { type SocketFactory, useLiveSocket } from './useLiveSocket'
import { useLiveUpdates } from './useLiveUpdates'

export interface LiveDataProviderProps {
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

/**
 * What the resource hooks need below a `SessionProvider`: an SWR cache of its own, the live socket while
 * signed in, and the lists on screen that its events reach. Inside an `ApiProvider` (stories, tests) it
 * adds nothing: the data of the provider above stays the one in use.
 */
export function LiveDataProvider(props: LiveDataProviderProps) {
  const outer = useContext(ApiContext)
  return outer ? props.children : <OwnLiveData {...props} />
}

function OwnLiveData({ swr, ...props }: LiveDataProviderProps) {
  const [cache] = useState<Cache>(() => new Map())
  const [config] = useState<SWRConfiguration>(() => ({ provider: () => cache, ...swr }))
  // Answers that arrive after the provider is gone (a save finishing after sign-out) write nowhere.
  useEffect(() => {
    holdCache(cache)
    return () => releaseCache(cache)
  }, [cache])
  return (
    <SWRConfig value={config}>
      <LiveData {...props} />
    </SWRConfig>
  )
}

function LiveData({ live = true, socketUrl, socketFactory, children }: Omit<LiveDataProviderProps, 'swr'>) {
  const { client, token, user, setSessionUser } = useSessionCore()
  const [lists] = useState(() => new ListRegistry())
  const socket: DeskSocket | null = useLiveSocket(client, live ? token : null, socketUrl, socketFactory)

  const api = useMemo<ApiContextValue>(
    () => ({ client, socket, lists, setSessionUser }),
    [client, socket, lists, setSessionUser],
  )

  return (
    <ApiContext.Provider value={api}>
      <LiveUpdates signedIn={token !== null} user={user} />
      {children}
    </ApiContext.Provider>
  )
}

function LiveUpdates({ signedIn, user }: { signedIn: boolean; user: User | null }) {
  useLiveUpdates(signedIn, user)
  return null
}
