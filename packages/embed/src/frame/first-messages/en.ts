import { messagesFor } from '@desk/ui/i18n'
import { laterLeftOut } from '../i18n'

/**
 * en: the messages the frame draws first, its error and field messages left out (precompiled in the build by
 * `frame-messages.ts`, with English only for a message this language lacks).
 */
export const first = laterLeftOut(messagesFor('en'))
