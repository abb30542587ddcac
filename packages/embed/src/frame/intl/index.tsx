import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { formatParts, type MessagePart, type MessageValues } from './format'

/**
 * What the frame's build puts in place of react-intl (an alias in `vite.frame.config.ts`): the provider and
 * `useIntl()`'s `formatMessage` and `messages` that the widget's parts use, over messages precompiled at build time, without
 * react-intl's formatters and caches. `test/intl.test.ts` checks it writes every frame message as react-intl does.
 */
interface Intl {
  locale: string
  messages: Record<string, MessagePart[] | string>
  formatMessage: (descriptor: { id: string; defaultMessage?: string }, values?: MessageValues) => string
}

export interface IntlProviderProps {
  locale: string
  defaultLocale?: string
  messages: Record<string, MessagePart[] | string>
  children: ReactNode
}

const IntlContext = createContext<Intl | null>(null)

export function IntlProvider({ locale, messages, children }: IntlProviderProps) {
  const intl = useMemo<Intl>(
    () => ({
      locale,
      messages,
      formatMessage: ({ id, defaultMessage }, values = {}) => {
        const message = messages[id]
        if (message === undefined) return defaultMessage ?? id
        return typeof message === 'string' ? message : formatParts(message, values, locale)
      },
    }),
    [locale, messages],
  )
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
}

export function useIntl(): Intl {
  const intl = useContext(IntlContext)
  if (!intl) throw new Error('useIntl needs an IntlProvider above it')
  return intl
}
