import { EnvironmentProvider } from '@chakra-ui/react'
import { WIDGET_CONNECTION_ID } from '@desk/api-client/mocks'
import { envelope, type FrameToHost } from '@desk/api-client/widget-protocol'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import interRegular from '@fontsource/inter/latin-400.css?inline'
import interSemibold from '@fontsource/inter/latin-600.css?inline'
import { createRoot } from 'react-dom/client'
import { FrameApp } from '../frame/App'
import frameCss from '../frame/frame.css?inline'
import { loadFrameMessages } from '../frame/i18n'
import { loadLaterMessages } from '../frame/laterMessages'
import { createWidgetApi } from '../frame/model/api'
import type { WidgetSocket } from '../frame/model/state'
import { createVisitorStorage } from '../frame/model/storage'
import { createWidgetStore } from '../frame/model/store'
import { pickLocale } from '../host/strings'
import { fromHost } from '../shared/protocol'

/** The empty page (Storybook's static files, on the story's own origin) the stories' frames load. */
export const STORY_FRAME_SRC = '/story-frame.html'

/** A socket that never connects: the stories' desk (msw) answers over HTTP only. */
const quietSocket: WidgetSocket = { on: () => undefined, disconnect: () => undefined }

type StoryFrameWindow = Window & { toHost?: (data: unknown, origin: string) => void }

const loaded = (frame: HTMLIFrameElement) =>
  new Promise<StoryFrameWindow>((resolve) => {
    const ready = () => {
      const win = frame.contentWindow as StoryFrameWindow | null
      if (win?.toHost && win.document.readyState === 'complete') resolve(win)
      else setTimeout(ready, 20)
    }
    ready()
  })

/**
 * Runs the widget's frame app in a frame the host made (`frameSrc: STORY_FRAME_SRC`), against the mock desk,
 * speaking the host ⇄ frame protocol as the desk's frame does: it says `ready`, then the host sends the
 * language, the theme and `open`. There is no desk to serve the frame in Storybook; this is its stand-in.
 */
export async function runStoryFrame(frame: HTMLIFrameElement, variant: 'floating' | 'inline') {
  const win = await loaded(frame)
  const doc = win.document
  const origin = location.origin
  const style = doc.createElement('style')
  style.textContent = [interRegular, interSemibold, frameCss].join('\n')
  doc.head.append(style)
  // In the story tests, the page's styles that stop animations and the caret (`.storybook/test/setup.ts`) hold
  // in the frame too, so its picture is the same every time.
  const still = document.head.querySelector('style[data-test-still]')
  if (still) doc.head.append(still.cloneNode(true))

  const api = createWidgetApi(origin, WIDGET_CONNECTION_ID)
  const [config, messages] = await Promise.all([api.config(), loadFrameMessages('en')])
  const post = (message: FrameToHost) => win.toHost?.(envelope(message), origin)
  const store = createWidgetStore(
    {
      api,
      storage: createVisitorStorage(WIDGET_CONNECTION_ID, null),
      connect: () => quietSocket,
      post,
      isVisible: () => true,
    },
    { locale: 'en', open: variant === 'inline', token: null, config },
  )
  win.addEventListener('message', (event) => {
    const message = fromHost(event, origin, window)
    if (!message) return
    if (message.type === 'open' || message.type === 'close') store.setOpen(message.type === 'open')
    else if (message.type === 'setUser') void store.setUser(message.user)
    else if (message.type === 'setLocale') store.setLocale(pickLocale(message.locale))
    else if (message.type === 'setTheme') store.setTheme(message.theme)
  })

  const root = createRoot(doc.getElementById('root') as HTMLElement)
  // The frame's styles go into the frame's own document, and Chakra's parts look for it there.
  root.render(
    <CacheProvider value={createCache({ key: 'frame', container: doc.head })}>
      <EnvironmentProvider value={() => doc}>
        <FrameApp
          store={store}
          variant={variant}
          loadMessages={loadFrameMessages}
          initialMessages={messages}
          loadLaterMessages={loadLaterMessages}
        />
      </EnvironmentProvider>
    </CacheProvider>,
  )
  // The host removes the frame when the story ends: the app stops with it.
  win.addEventListener('pagehide', () => {
    store.stop()
    setTimeout(() => root.unmount())
  })
  let told = false
  store.subscribe(() => {
    const state = store.getState()
    if (told || state.phase === 'loading') return
    told = true
    post({ type: 'ready', mode: state.session?.mode ?? null })
  })
  await store.start()
}
