import './zodJitless'
import type { WidgetConfig, WidgetServerToClientEvents } from '@desk/api-client/contract'
import { createRoot } from 'react-dom/client'
import type { Socket } from 'socket.io-client'
import { pickLocale } from '../host/strings'
import { FrameApp } from './App'
import { connectHost } from './bridge'
import { loadFrameMessages } from './i18n'
import { loadLaterMessages } from './laterMessages'
import { createWidgetApi } from './model/api'
import { createVisitorStorage } from './model/storage'
import { createWidgetStore } from './model/store'
import './frame.css'

/**
 * The frame at `/widget/:connectionId?mode=floating|inline&locale=&parent=#token=`. The token is read
 * from the fragment (never sent to a server) and then removed from the address. A portal that cannot run
 * scripts frames `/widget/:connectionId?mode=inline&locale=pt-BR#token=…` itself: no `parent`, so the frame
 * talks to no page (unless the browser names an allowed embedding origin) and simply shows the conversation.
 */
async function main() {
  const params = new URLSearchParams(location.search)
  const connectionId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '')
  // The loader asks for `mode=floating`; anything else (a portal's plain iframe) is an always-open panel.
  const variant = params.get('mode') === 'floating' ? 'floating' : 'inline'
  const locale = pickLocale(params.get('locale'))
  const fragment = new URLSearchParams(location.hash.slice(1))
  const token = fragment.get('token')
  // What the host page keeps for this frame when the browser refuses the frame its own storage.
  const kept = { visitor: fragment.get('visitor') ?? undefined, read: fragment.get('read') ?? undefined }
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`)

  const api = createWidgetApi(location.origin, connectionId)
  const [config, messages] = await Promise.all([
    api.config().catch((): WidgetConfig | null => null),
    loadFrameMessages(locale),
  ])
  const host = connectHost(params.get('parent'), config?.allowedOrigins ?? [])
  const store = createWidgetStore(
    {
      api,
      storage: createVisitorStorage(connectionId, undefined, {
        kept: Object.fromEntries(Object.entries(kept).filter(([, value]) => value)),
        keep: (key, value) => host.post({ type: 'keep', key, value }),
      }),
      // The socket's client loads once the conversation is drawn: it is not needed for the first picture.
      connect: async (widgetToken) => {
        const { io } = await import('socket.io-client')
        return io(location.origin, { path: '/socket.io', auth: { widgetToken } }) as Socket<WidgetServerToClientEvents>
      },
      post: host.post,
      isVisible: () => document.visibilityState === 'visible',
    },
    { locale, open: variant === 'inline', token, config },
  )
  host.listen((message) => {
    if (message.type === 'open' || message.type === 'close') store.setOpen(message.type === 'open')
    else if (message.type === 'setUser') void store.setUser(message.user)
    else if (message.type === 'setLocale') store.setLocale(pickLocale(message.locale))
    else store.setTheme(message.theme)
  })
  document.addEventListener('visibilitychange', store.visibilityChanged)
  const root = document.getElementById('root')
  if (!root) return
  createRoot(root).render(
    <FrameApp
      store={store}
      variant={variant}
      loadMessages={loadFrameMessages}
      initialMessages={messages}
      loadLaterMessages={loadLaterMessages}
    />,
  )
  // `ready` as soon as the conversation (or its error) is shown, without waiting for the live socket.
  let told = false
  store.subscribe(() => {
    const state = store.getState()
    if (told || state.phase === 'loading') return
    told = true
    host.post({ type: 'ready', mode: state.session?.mode ?? null })
  })
  await store.start()
}

void main()
