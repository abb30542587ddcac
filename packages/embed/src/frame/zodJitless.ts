/**
 * The offline form validates with zod, which compiles its parsers with `new Function` unless told not to.
 * The frame's Content-Security-Policy allows no eval, and even zod's probe for it is reported as a
 * violation; `jitless` skips both. Set on the global zod reads its configuration from, so the frame need
 * not load zod for it (as the desk's app does). Imported first by main.tsx, before any schema is built.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true })

export {}
