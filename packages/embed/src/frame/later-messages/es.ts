import { messagesFor } from '@desk/ui/i18n'
import { LATER_MESSAGE } from '../laterKeys'

/** es: the frame's error and field messages (precompiled in the build by `frame-messages.ts`). */
export const later = Object.fromEntries(Object.entries(messagesFor('es')).filter(([key]) => LATER_MESSAGE.test(key)))
