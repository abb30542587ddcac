import type { WidgetLocale, WidgetMessage, WidgetMode, WidgetThemeOverride } from '@desk/api-client/contract'
import type { WidgetUser } from '@desk/api-client/widget-protocol'
import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef } from 'react'
import { createWidgetHost, type WidgetHost } from '../host'

/** What both components take: where the desk is, which connection, and how the widget looks and loads. */
export interface WidgetComponentProps {
  /** The desk's address (`https://desk.example.com`). */
  deskUrl: string
  /** The web chat connection. */
  connectionId: number | string
  /** en, pt-BR or es; the browser's languages choose when absent. */
  locale?: WidgetLocale
  /** Overrides the connection's theme, field by field (colour, light/dark/auto, position, launcher text and icon). */
  theme?: WidgetThemeOverride
  /** A signed-in visitor: the partner's token (and their identifier, name, e-mail). Absent: an anonymous visitor. */
  user?: WidgetUser | null
  /** The frame's address instead of the desk's `/widget/:connectionId` (stories, tests). */
  frameSrc?: string
  /** The frame has its session (`mode` null when it has none yet). */
  onReady?: (event: { mode: WidgetMode | null }) => void
  /** A message from the desk (an agent, a bot or the desk itself) reached the visitor's conversation. */
  onMessageReceived?: (message: WidgetMessage) => void
  /** A message the visitor wrote was stored by the desk. */
  onMessageSent?: (message: WidgetMessage) => void
  /** The widget could not start or lost its session (`ERR_WIDGET_ORIGIN_NOT_ALLOWED`, `ERR_WIDGET_TOKEN_EXPIRED` …). */
  onError?: (event: { code: string }) => void
}

/** Opens, closes and toggles a floating widget from the page (`ref`). */
export interface WidgetHandle {
  open(): void
  close(): void
  toggle(): void
}

export interface HostSetup {
  mode: 'floating' | 'inline'
  load?: 'open' | 'idle'
  container?: RefObject<HTMLElement | null>
  onOpen?: () => void
  onClose?: () => void
  onUnread?: (count: number) => void
}

/**
 * One widget host for the component's life: made on mount (again when the desk, the connection or how it
 * loads change), kept in step with `locale`, `theme` and `user`, removed on unmount.
 */
export function useWidgetHost(props: WidgetComponentProps, setup: HostSetup, ref?: Ref<WidgetHandle>) {
  const host = useRef<WidgetHost | null>(null)
  const latest = useRef({ props, setup })
  latest.current = { props, setup }
  const { deskUrl, connectionId, frameSrc, locale, theme, user } = props
  const { mode, load } = setup

  useEffect(() => {
    const { props: first, setup: how } = latest.current
    const created = createWidgetHost({
      deskUrl,
      connectionId,
      frameSrc,
      mode,
      load,
      container: how.container?.current ?? undefined,
      locale: first.locale,
      theme: first.theme,
      user: first.user,
    })
    const call = () => latest.current
    created.on('ready', (e) => call().props.onReady?.(e))
    created.on('message:received', (m) => call().props.onMessageReceived?.(m))
    created.on('message:sent', (m) => call().props.onMessageSent?.(m))
    created.on('error', (e) => call().props.onError?.(e))
    created.on('opened', () => call().setup.onOpen?.())
    created.on('closed', () => call().setup.onClose?.())
    created.on('unread', ({ count }) => call().setup.onUnread?.(count))
    host.current = created
    return () => {
      created.destroy()
      host.current = null
    }
  }, [deskUrl, connectionId, frameSrc, mode, load])

  // After the first draw (the host took the first values when made), changes go to the running widget.
  const themeKey = JSON.stringify(theme ?? {})
  const userKey = JSON.stringify(user ?? null)
  const made = useRef({ locale, themeKey, userKey })
  useEffect(() => {
    if (!locale || locale === made.current.locale) return
    made.current.locale = locale
    host.current?.setLocale(locale)
  }, [locale])
  useEffect(() => {
    if (themeKey === made.current.themeKey) return
    made.current.themeKey = themeKey
    host.current?.setTheme(JSON.parse(themeKey) as WidgetThemeOverride)
  }, [themeKey])
  useEffect(() => {
    if (userKey === made.current.userKey) return
    made.current.userKey = userKey
    host.current?.setUser(JSON.parse(userKey) as WidgetUser | null)
  }, [userKey])

  useImperativeHandle(ref, () => ({
    open: () => host.current?.open(),
    close: () => host.current?.close(),
    toggle: () => host.current?.toggle(),
  }))
}
