import { type ComponentType, type ReactNode, Suspense, use } from 'react'

/** Parts asked for and not loaded yet. */
const pending = new Set<Promise<unknown>>()

/** Resolves once every part asked for so far has loaded: stories wait for it before their picture. */
export async function partsLoaded() {
  while (pending.size > 0) await Promise.allSettled([...pending])
}

/** A promise that says when it has its value, as React's `use` reads it: a loaded part draws at once. */
type Loading<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T }

export type LaterPart<P> = ComponentType<P> & {
  /** Starts loading the part now (after the first draw, when it will likely be needed). */
  preload: () => void
}

/**
 * A part that the first picture does not need (a popup, an error, an attachment): a chunk of its own,
 * loaded the first time it draws (or when `preload`ed), with `fallback` holding its place until then.
 */
export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LaterPart<P> {
  let loading: Loading<ComponentType<P>> | undefined
  const start = () => {
    if (!loading) {
      // A chunk that cannot be fetched (the network dropped) leaves the fallback in place instead of failing
      // the whole panel (the browser would not fetch it again before a reload anyway).
      const promise: Loading<ComponentType<P>> = load().catch(() => () => fallback)
      loading = promise
      pending.add(promise)
      promise.then((value) => {
        Object.assign(promise, { status: 'fulfilled', value })
        pending.delete(promise)
      })
    }
    return loading
  }
  return Object.assign(
    (props: P) => (
      <Suspense fallback={fallback}>
        <Loaded part={start} props={props} />
      </Suspense>
    ),
    { preload: () => void start() },
  )
}

/** The part, once loaded (suspends until then). */
function Loaded<P extends object>({ part, props }: { part: () => Promise<ComponentType<P>>; props: P }) {
  const Part = use(part())
  return <Part {...props} />
}
