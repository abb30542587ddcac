import { LiveDataProvider, type LiveDataProviderProps } from './LiveDataProvider'
import { SessionProvider, type SessionProviderProps } from './SessionProvider'

export type ApiProviderProps = SessionProviderProps & LiveDataProviderProps

/**
 * Puts the API client, the session and the live socket in context, over an SWR cache of its own: a
 * `SessionProvider` with a `LiveDataProvider` inside. An app can place the two apart, so its public
 * pages (sign-in) carry neither SWR nor the socket and list machinery.
 */
export function ApiProvider({ client, children, ...live }: ApiProviderProps) {
  return (
    <SessionProvider client={client}>
      <LiveDataProvider {...live}>{children}</LiveDataProvider>
    </SessionProvider>
  )
}
