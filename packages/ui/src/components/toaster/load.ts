import type { Toaster } from './Toaster'
import type { toaster } from './toaster'

export interface LoadedToaster {
  /** The one toast store. */
  toaster: typeof toaster
  /** Its view, which also shows the toasts raised before it mounted. */
  Toaster: typeof Toaster
}

let loading: Promise<LoadedToaster> | undefined
let loaded: LoadedToaster | undefined
const listeners = new Set<() => void>()

/**
 * The toast store and its view, loaded with the first toast or the first interaction: a page that is
 * only looked at (the login form before anyone types) doesn't ship the toast machinery.
 */
export function loadToaster(): Promise<LoadedToaster> {
  loading ??= Promise.all([import('./toaster'), import('./Toaster')]).then(([store, view]) => {
    loaded = { toaster: store.toaster, Toaster: view.Toaster }
    for (const listener of listeners) listener()
    return loaded
  })
  return loading
}

/** Runs `show` with the store: at once when it is loaded (the first interaction loads it), else once it is. */
export function withToaster(show: (store: typeof toaster) => void) {
  if (loaded) show(loaded.toaster)
  else void loadToaster().then((module) => show(module.toaster))
}

/** For `useSyncExternalStore`: the store and view once loaded. */
export const loadedToaster = () => loaded
export function onToasterLoaded(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'submit'] as const

/**
 * Loads the toasts on the visitor's first interaction, so the toast that answers a click or a submit
 * shows as promptly as one that was bundled. A page only looked at never loads them.
 */
export function loadToasterOnInteraction(target: Document): () => void {
  if (loading) return () => undefined
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
