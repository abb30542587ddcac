import { useCallback } from 'react'
import { useHasMessage, useT } from '../../internal/useT'

/** What the UI needs to know about a failure: the server's code and/or its text. */
export interface UiError {
  code?: string
  message?: string
}

/**
 * Known code → its translation; unknown code → the server's text (or the code itself);
 * nothing → "An error occurred!".
 */
export function useErrorText() {
  const t = useT()
  const has = useHasMessage()
  return useCallback(
    (err: UiError | null | undefined): string => {
      const key = err?.code ? `errors.${err.code}` : undefined
      if (key && has(key)) return t(key)
      if (err?.message) return err.message
      if (err?.code) return err.code
      return t('errors.unknown')
    },
    [t, has],
  )
}

/** One invalid field as the server names it: a dotted path and a message code or text. */
export interface UiFieldError {
  path: string
  message: string
}
