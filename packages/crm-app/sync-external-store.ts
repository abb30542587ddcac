import type { Plugin } from 'vite'

/** What swr imports for `useSyncExternalStore` (its shim for React before 18). */
const SHIM = /^use-sync-external-store\/shim(\/index\.js)?$/
const REACTS_OWN = '\0desk:use-sync-external-store'

/**
 * Gives swr React's own `useSyncExternalStore`. swr imports it from `use-sync-external-store/shim`, a
 * CommonJS module that, on React 18 and later, hands out React's own hook and otherwise carries a copy; on
 * the React this app runs (19) the copy is never used, and the module costs its code and the CommonJS
 * wrapper in every page that reads data.
 */
export function reactsOwnSyncExternalStore(): Plugin {
  return {
    name: 'desk:reacts-own-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (SHIM.test(id) ? REACTS_OWN : null),
    load: (id) => (id === REACTS_OWN ? "export { useSyncExternalStore } from 'react'\n" : null),
  }
}
