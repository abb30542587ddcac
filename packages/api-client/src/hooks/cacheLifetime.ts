import type { Cache } from 'swr'

/** The caches of providers that have unmounted: SWR forgets them, and a write to one throws. */
const released = new WeakSet<Cache>()

/** A provider's cache is in use (again: React may unmount and mount an effect twice in development). */
export const holdCache = (cache: Cache) => void released.delete(cache)

/** A provider's cache is gone with it. */
export const releaseCache = (cache: Cache) => void released.add(cache)

/** Whether the cache's provider has unmounted: nothing should write to it any more. */
export const isReleased = (cache: Cache) => released.has(cache)
