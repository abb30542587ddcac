import type { WidgetMessage, WidgetMode } from '@desk/api-client/contract'

/** What a widget tells the page, by event name. */
export interface WidgetEventMap {
  /** The frame has its configuration and session (`mode` null when it has no session yet). */
  ready: { mode: WidgetMode | null }
  opened: undefined
  closed: undefined
  'message:received': WidgetMessage
  'message:sent': WidgetMessage
  /** Messages from the desk not yet seen while the panel was closed. */
  unread: { count: number }
  /** The widget could not start or lost its session (`ERR_WIDGET_ORIGIN_NOT_ALLOWED`, `ERR_WIDGET_TOKEN_EXPIRED` …). */
  error: { code: string }
}
export type WidgetEventName = keyof WidgetEventMap
export type WidgetListener<E extends WidgetEventName> = (detail: WidgetEventMap[E]) => void

/** A small event emitter: a listener that throws never stops the others. */
export function createEmitter() {
  const listeners = new Map<string, Set<(detail: never) => void>>()
  return {
    on<E extends WidgetEventName>(event: E, fn: WidgetListener<E>) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(fn as (detail: never) => void)
    },
    off<E extends WidgetEventName>(event: E, fn?: WidgetListener<E>) {
      if (fn) listeners.get(event)?.delete(fn as (detail: never) => void)
      else listeners.delete(event)
    },
    emit<E extends WidgetEventName>(event: E, detail: WidgetEventMap[E]) {
      for (const fn of [...(listeners.get(event) ?? [])]) {
        try {
          ;(fn as WidgetListener<E>)(detail)
        } catch (error) {
          console.error(error)
        }
      }
    },
  }
}
export type Emitter = ReturnType<typeof createEmitter>
