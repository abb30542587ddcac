/**
 * zod compiles its parsers with `new Function` unless told not to. The app's Content-Security-Policy
 * allows no eval, and even zod's probe for it is reported as a violation; `jitless` skips both, and
 * the parsers run as ordinary code. Set on the global zod reads its configuration from (the object
 * `z.config` writes to) so that the login page need not load zod for it. Imported first by main.tsx,
 * before any schema is built.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true })
