import { lazy } from 'react'

type ToasterModule = typeof import('./toaster')

let store: Promise<ToasterModule> | undefined
const listeners = new Set<() => void>()

/**
 * The toast store, loaded with the first toast: a page that never raises one (the login form before a
 * failed attempt) doesn't ship the toast machinery. Resolves to the one store that `toaster` exports.
 */
export function loadToaster(): Promise<ToasterModule> {
  if (!store) {
    store = import('./toaster')
    for (const listener of listeners) listener()
  }
  return store
}

/** For `useSyncExternalStore`: whether a toast was asked for, so the view should be mounted. */
export const toasterRequested = () => store !== undefined
export function onToasterRequested(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The view of the store; it shows the toasts raised before it mounted too. */
export const LazyToaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })))
