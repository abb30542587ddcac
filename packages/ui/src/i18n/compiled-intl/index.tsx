import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { formatParts, type MessagePart, type MessageValues } from './format'

export { FORMATTED_TYPES, formatParts, type MessagePart, type MessageValues, unwrittenParts } from './format'

/**
 * What the app's and the frame's production builds put in place of react-intl (an alias in their Vite
 * configs): the provider and the parts of `useIntl()` the desk uses (`formatMessage`, `formatNumber`,
 * `locale`, `messages`), over messages precompiled at build time, without react-intl's formatters, parser
 * and caches (≈6 kB gzip). The source, the dev server, the tests and the stories keep react-intl;
 * `compiled-intl.test.ts` checks this writes every message of every language as react-intl does.
 */
export interface IntlShape {
  locale: string
  messages: Record<string, MessagePart[] | string>
  formatMessage: (descriptor: { id: string; defaultMessage?: string }, values?: MessageValues) => string
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string
}

export interface IntlProviderProps {
  locale: string
  defaultLocale?: string
  messages?: Record<string, MessagePart[] | string>
  /** Told of a message missing from the table, as react-intl tells its `onError`. */
  onError?: (error: Error) => void
  children: ReactNode
}

const IntlContext = createContext<IntlShape | null>(null)

export function IntlProvider({ locale, messages = {}, onError, children }: IntlProviderProps) {
  const intl = useMemo<IntlShape>(
    () => ({
      locale,
      messages,
      formatMessage: ({ id, defaultMessage }, values = {}) => {
        const message = messages[id]
        if (message === undefined) {
          onError?.(new Error(`Missing message: "${id}" for locale: "${locale}"`))
          return defaultMessage ?? id
        }
        return typeof message === 'string' ? message : formatParts(message, values, locale)
      },
      formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    }),
    [locale, messages, onError],
  )
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext)
  if (!intl) throw new Error('useIntl needs an IntlProvider above it')
  return intl
}
