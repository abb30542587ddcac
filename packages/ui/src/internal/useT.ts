import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { isMessageId, type MessageId } from '../i18n'

type Values = Record<string, string | number>

/** Typed `formatMessage`: `t('users.title')`. */
export function useT() {
  const intl = useIntl()
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl])
}

/** Translates a message code when it is one of ours, else shows the text as it came. */
export function useTranslateCode() {
  const t = useT()
  return useCallback((code: string | undefined) => (code && isMessageId(code) ? t(code) : (code ?? '')), [t])
}
