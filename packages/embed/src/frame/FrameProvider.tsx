import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-600.css'
import { ChakraProvider } from '@chakra-ui/react'
import { widgetSystem } from '@desk/ui/theme'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import type { FrameMessages } from './i18n'

export interface FrameProviderProps {
  locale: string
  messages: FrameMessages
  colorMode: 'light' | 'dark'
  children: ReactNode
}

/** Theme, messages and colour mode for the frame (the desk's app has `UiProvider`; the frame needs less). */
export function FrameProvider({ locale, messages, colorMode, children }: FrameProviderProps) {
  return (
    <ChakraProvider value={widgetSystem}>
      <IntlProvider locale={locale} defaultLocale="en" messages={messages as Record<string, string>}>
        <div
          className={`chakra-theme ${colorMode}`}
          data-color-mode={colorMode}
          style={{ colorScheme: colorMode, height: '100%' }}
        >
          {children}
        </div>
      </IntlProvider>
    </ChakraProvider>
  )
}
