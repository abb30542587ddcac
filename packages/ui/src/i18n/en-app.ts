import type { Messages } from './en'

/**
 * The English messages that only the signed-in app shows. In the source they are all in `en.ts` and this
 * table is empty; the app's build moves them here (see crm-app's `build/precompile-messages.ts`), so
 * /login downloads only the messages of the public pages. `registerAppMessages` puts them back.
 */
export const enApp: Partial<Messages> = {}

/**
 * The messages the public pages (sign-in, sign-up) and what they share with the app (errors, toasts, the
 * language switcher) can show, by key. Every other message belongs to the signed-in app.
 */
const PUBLIC_MESSAGE = /^(app|auth|common|errors|shell|toast|toasts|validation)\./

export const isPublicMessage = (key: string) => PUBLIC_MESSAGE.test(key)
