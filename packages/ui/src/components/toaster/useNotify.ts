import { useMemo } from 'react'
import type { MessageId } from '../../i18n'
import { useT } from '../../internal/useT'
import { type UiError, useErrorText } from '../error-message/useErrorText'
import { toaster } from './toaster'

export interface Notify {
  /** A translated success toast; the message id is the toast id, so repeats replace each other. */
  success: (messageId: MessageId, values?: Record<string, string | number>) => void
  /** A translated error toast, one per error code. */
  error: (err: UiError | null | undefined) => void
}

export function useNotify(): Notify {
  const t = useT()
  const errorText = useErrorText()
  return useMemo(
    () => ({
      success: (messageId, values) => {
        toaster.success({ id: messageId, title: t(messageId, values) })
      },
      error: (err) => {
        const title = errorText(err)
        toaster.error({ id: err?.code ?? `message:${title}`, title })
      },
    }),
    [t, errorText],
  )
}
