import type { MessageId } from '@desk/ui'
import { useCallback } from 'react'
import { useIntl } from 'react-intl'

/** Typed translation of the ui's messages (the IntlProvider comes from UiProvider). */
export function useT() {
  const intl = useIntl()
  return useCallback(
    (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  )
}
