import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import type { MessageId } from '../i18n'

type Values = Record<string, string | number>

/** Typed `formatMessage`: `t('users.title')`. */
export function useT() {
  const intl = useIntl()
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl])
}

/**
 * Whether the messages in use have `id` (a code from the server may not be one of ours). Asks the provider,
 * not the English table: the widget's frame adds its error messages after its first draw.
 */
export function useHasMessage() {
  const { messages } = useIntl()
  return useCallback((id: string): id is MessageId => id in messages, [messages])
}

/** Translates a message code when it is one of ours, else shows the text as it came. */
export function useTranslateCode() {
  const t = useT()
  const has = useHasMessage()
  return useCallback((code: string | undefined) => (code && has(code) ? t(code) : (code ?? '')), [t, has])
}
