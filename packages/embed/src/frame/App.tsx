import { WidgetPanel } from '@desk/ui'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { FALLBACK_THEME } from '../shared/theme'
import { Conversation } from './Conversation'
import { FrameProvider } from './FrameProvider'
import type { FrameMessages } from './i18n'
import type { WidgetStore } from './model/store'
import { useColorMode } from './useColorMode'
import { useLaterMessages } from './useLaterMessages'

export interface FrameAppProps {
  store: WidgetStore
  /** `floating`: the panel of a launcher (shown while open, Esc and Close hide it). `inline`: always shown. */
  variant: 'floating' | 'inline'
  /** Loads a language's messages (the chosen one only). */
  loadMessages: (locale: string) => Promise<FrameMessages>
  /** Messages already loaded for the first draw. */
  initialMessages: FrameMessages
  /** Loads a language's error and field messages, after the first draw. */
  loadLaterMessages: (locale: string) => Promise<FrameMessages>
}

/** The offline form: saving, its error, and once saved the address and how many messages there were. */
interface Saving {
  busy: boolean
  error: string | null
  email?: string
  heldThen?: number
}

/** Phones: the host shows the panel full screen, and the panel then has square corners and a Close button. */
const isPhone = () => typeof screen !== 'undefined' && screen.width < 640

/** The iframe app: the conversation panel drawn from the store's state. */
export function FrameApp({ store, variant, loadMessages, initialMessages, loadLaterMessages }: FrameAppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState)
  const [intl, setIntl] = useState({ locale: state.locale, messages: initialMessages })
  useEffect(() => {
    if (intl.locale === state.locale) return
    let live = true
    loadMessages(state.locale).then((messages) => live && setIntl({ locale: state.locale, messages }))
    return () => {
      live = false
    }
  }, [state.locale, intl.locale, loadMessages])
  const later = useLaterMessages(intl.locale, loadLaterMessages)
  const messages = useMemo(() => (later ? { ...intl.messages, ...later } : intl.messages), [intl.messages, later])
  const theme = { ...FALLBACK_THEME, ...state.config?.theme, ...state.themeOverride }
  const colorMode = useColorMode(theme.mode)
  const [saving, setSaving] = useState<Saving>({
    busy: false,
    error: null,
  })
  const name = state.config?.name ?? ''
  const close = variant === 'floating' ? () => store.setOpen(false) : undefined
  const offline = !state.online && state.config?.offlineEmail && state.session?.mode === 'customer'

  // An error or the offline form waits (still loading) for the messages they show.
  const body =
    state.phase === 'loading' || (!later && (state.phase === 'error' || offline)) ? (
      <WidgetPanel.Loading />
    ) : state.phase === 'error' ? (
      <WidgetPanel.Error error={{ code: state.error ?? undefined }} onRetry={() => void store.start()} />
    ) : offline && !state.contactSaved ? (
      <WidgetPanel.Offline
        isSubmitting={saving.busy}
        error={saving.error ? { code: saving.error } : null}
        onSubmit={({ email }) => {
          setSaving({ busy: true, error: null, email })
          store.saveContact(email).then(
            (kept) => setSaving({ busy: false, error: null, email: kept, heldThen: state.messages.length }),
            (error: { code?: string }) => setSaving({ busy: false, error: error.code ?? 'ERR_UNKNOWN' }),
          )
        }}
      />
    ) : offline && saving.heldThen === state.messages.length && state.pending.length === 0 ? (
      // Saved: the confirmation until the visitor writes, with the composer to write with.
      <>
        <WidgetPanel.Offline submitted submittedEmail={saving.email} onSubmit={() => undefined} />
        <Conversation store={store} state={state} hideList />
      </>
    ) : (
      <Conversation store={store} state={state} />
    )

  return (
    <FrameProvider locale={intl.locale} messages={messages} colorMode={colorMode}>
      {(state.open || variant === 'inline') && (
        <WidgetPanel.Root
          name={name}
          variant={variant}
          fullScreen={variant === 'floating' && isPhone()}
          primaryColor={theme.primaryColor}
          onClose={close}
        >
          <WidgetPanel.Header title={name} online={state.online} onClose={close} />
          {body}
        </WidgetPanel.Root>
      )}
    </FrameProvider>
  )
}
