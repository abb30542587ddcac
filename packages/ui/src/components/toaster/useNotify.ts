import { useMemo } from 'react'
import type { MessageId } from '../../i18n'
import { useT } from '../../internal/useT'
import { type UiError, useErrorText } from '../error-message/useErrorText'
import { withToaster } from './load'

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
        const title = t(messageId, values)
        withToaster((toaster) => toaster.success({ id: messageId, title }))
      },
      error: (err) => {
        const title = errorText(err)
        withToaster((toaster) => toaster.error({ id: err?.code ?? `message:${title}`, title }))
      },
    }),
    [t, errorText],
  )
}
