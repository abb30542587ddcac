import { createApiClient, createMemoryStorage, TOKEN_KEY } from '@desk/api-client/client'
import type { Job, JobEvent } from '@desk/api-client/contract'
import { ApiProvider, listClock } from '@desk/api-client/hooks'
import {
  createMockSocketServer,
  fixtures,
  MOCK_NOW,
  type MockDb,
  type MockSocketServer,
  mockDb,
  mockTokenFor,
  type ServerEvent,
  type ServerEventPayload,
} from '@desk/api-client/mocks'
import { toaster } from '@desk/ui'
import type { Decorator } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import { Route, Router, Switch, useLocation } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { clearAllDrafts } from '../lib/drafts'
import { PreferencesProvider } from '../lib/preferences'
import { PublicOnly } from '../routes/guards'

// The mock desk's data is dated around its own "now": lists that depend on the time (scheduled jobs) use it too.
listClock.now = () => MOCK_NOW

export interface StoryAppOptions {
  /** The URL the page is shown at. */
  path?: string
  /** The route pattern the page is mounted under (defaults to `path`). */
  route?: string
  /** Who is signed in; `null` for a visitor. The fixture admin by default. */
  signedInAs?: number | null
  /** Mount the page behind the public-route guard, as /login and /signup are. */
  publicOnly?: boolean
  /** Give the page a live socket, in memory: the play function sends server events with `serverSends`. */
  socket?: boolean
  /** Changes the mock db after it is reset to the fixtures (e.g. adds a connection), before the page loads. */
  seed?: (db: MockDb) => void
}

/**
 * Page stories: a router at `parameters.app.path` and an ApiProvider whose client talks to the
 * msw handlers of `@desk/api-client/mocks`, with no socket unless `parameters.app.socket` is true.
 * The mock db starts from the fixtures. Stories change `parameters.app` (e.g.
 * `{ signedInAs: fixtures.agent.id }`); parameters merge.
 */
export const withApp: Decorator = (Story, { parameters }) => {
  const {
    path = '/',
    route,
    signedInAs = fixtures.admin.id,
    publicOnly = false,
    socket = false,
    seed,
  } = (parameters.app ?? {}) as StoryAppOptions
  return (
    <StoryApp
      path={path}
      route={route ?? path}
      signedInAs={signedInAs}
      publicOnly={publicOnly}
      socket={socket}
      seed={seed}
    >
      <Story />
    </StoryApp>
  )
}

function StoryApp(
  props: Required<Omit<StoryAppOptions, 'seed'>> & Pick<StoryAppOptions, 'seed'> & { children: ReactNode },
) {
  const { path, route, signedInAs, publicOnly, socket, seed, children } = props
  const [client] = useState(() => {
    // Toasts, mock data and composer drafts of the previous story must not show in this one (the drafts live
    // in the module as well as in session storage, and a story that failed half-way may have left one).
    toaster.remove()
    mockDb.reset()
    clearAllDrafts()
    mockDb.sessionUserId = signedInAs
    seed?.(mockDb)
    const token: Record<string, string> =
      signedInAs === null ? {} : { [TOKEN_KEY]: JSON.stringify(mockTokenFor(signedInAs)) }
    return createApiClient({ storage: createMemoryStorage(token) })
  })
  const [server] = useState(() => (socket ? createMockSocketServer() : null))
  const [location] = useState(() => memoryLocation({ path }))
  storySocket = server
  return (
    <ApiProvider client={client} live={server !== null} socketFactory={server?.factory} swr={STORY_SWR}>
      <PreferencesProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Switch>
            <Route path={route}>{publicOnly ? <PublicOnly>{children}</PublicOnly> : children}</Route>
            <Route>
              <Elsewhere />
            </Route>
          </Switch>
        </Router>
      </PreferencesProvider>
    </ApiProvider>
  )
}

/**
 * A failed load stays failed until the story clicks Retry: SWR's timed retries (after about five
 * seconds) would otherwise repeat the request at a moment that depends on the machine's speed.
 */
const STORY_SWR = { shouldRetryOnError: false }

/** Where the page navigated to, for play functions to check. */
function Elsewhere() {
  return <p data-testid="location">{useLocation()[0]}</p>
}

/**
 * Toasts live for 3 s and a submit button may or may not keep the focus while it loads, so a
 * screenshot taken after them would depend on timing: play functions check their toast, then
 * settle the page before the picture is taken.
 */
export async function settle() {
  toaster.remove()
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  await new Promise((resolve) => requestAnimationFrame(resolve))
}

/** The socket server of the story on screen (one story renders at a time). */
let storySocket: MockSocketServer | null = null

/**
 * The server sends `event` to the page, as the socket would: for stories with `parameters.app.socket`.
 * Waits until the page listens to that event, so it is not sent into the void while the page starts.
 * `mockDb` is left as it is, so only the event can change the page; change it too when the story
 * goes on to fetch what the event was about.
 */
export async function serverSends<E extends ServerEvent>(event: E, payload: ServerEventPayload<E>) {
  const server = storySocket
  if (!server) throw new Error('This story has no socket: set parameters.app.socket to true.')
  await waitFor(() => expect(server.listening(event)).toBe(true))
  server.emit(event, payload)
}

/**
 * The server records `changes` to `job` (one of `mockDb`'s) and then sends its `job` event: a list or page that
 * fetches the job again agrees with what the event said.
 */
export async function serverChangesJob(job: Job, changes: Partial<Job>, action: JobEvent['action'] = 'progress') {
  Object.assign(job, changes)
  await serverSends('job', { action, job: { ...job } })
}
