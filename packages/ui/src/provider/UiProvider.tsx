import { ChakraProvider, defaultSystem } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'

export type UiLocale = 'en' | 'pt-BR' | 'es'
export type ColorMode = 'dark' | 'light'

export interface UiProviderProps {
  locale?: UiLocale
  colorMode?: ColorMode
  children: ReactNode
}

/** Placeholder: the real theme and messages replace defaultSystem and the empty message table. */
export function UiProvider({ locale = 'en', children }: UiProviderProps) {
  return (
    <ChakraProvider value={defaultSystem}>
      <IntlProvider locale={locale} defaultLocale="en" messages={{}}>
        {children}
      </IntlProvider>
    </ChakraProvider>
  )
}
