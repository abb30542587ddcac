import { lazy } from 'react'

type ToasterModule = typeof import('./toaster')

let store: Promise<ToasterModule> | undefined
let loaded: ToasterModule | undefined
const listeners = new Set<() => void>()

/**
 * The toast store, loaded with the first toast: a page that never raises one (the login form before a
 * failed attempt) doesn't ship the toast machinery. Resolves to the one store that `toaster` exports.
 */
export function loadToaster(): Promise<ToasterModule> {
  if (!store) {
    store = import('./toaster').then((module) => {
      loaded = module
      return module
    })
    for (const listener of listeners) listener()
  }
  return store
}

/** Runs `show` with the store: at once when it is loaded (the first interaction loads it), else once it is. */
export function withToaster(show: (toaster: ToasterModule['toaster']) => void) {
  if (loaded) show(loaded.toaster)
  else void loadToaster().then((module) => show(module.toaster))
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

const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'submit'] as const

/**
 * Loads the toasts on the visitor's first interaction, so the toast that answers a click or a submit
 * shows as promptly as one that was bundled. A page only looked at never loads them.
 */
export function loadToasterOnInteraction(target: Document): () => void {
  if (toasterRequested()) return () => undefined
  const load = () => {
    stop()
    void loadToaster()
  }
  const stop = () => {
    for (const type of INTERACTIONS) target.removeEventListener(type, load, true)
  }
  for (const type of INTERACTIONS) target.addEventListener(type, load, { capture: true, passive: true })
  return stop
}
