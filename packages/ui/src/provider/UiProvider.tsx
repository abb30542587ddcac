import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-500.css'
import '@fontsource/inter/latin-600.css'
import '@fontsource/inter/latin-700.css'
import { Box, ChakraProvider } from '@chakra-ui/react'
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react'
import { type IntlConfig, IntlProvider } from 'react-intl'
import { loadedToaster, loadToasterOnInteraction, onToasterLoaded } from '../components/toaster/load'
import type { UiLocale } from '../i18n'
import { PortalRootContext } from '../internal/portal'
import { system } from '../theme'
import { useLocaleMessages } from './useLocaleMessages'

export type { UiLocale }
export type ColorMode = 'dark' | 'light'

export interface UiProviderProps {
  /** Language of every message; English fills any gap. */
  locale?: UiLocale
  /** Dark is the product's default. */
  colorMode?: ColorMode
  /** What to do with a message that cannot be shown (react-intl's `onError`); stories make a missing one fail. */
  onMessageError?: IntlConfig['onError']
  /**
   * One of several on a page (a cell of a stories Catalog that shows the modes and languages side by side):
   * only as tall as what it shows, and no toasts.
   */
  contained?: boolean
  children: ReactNode
}

/**
 * Theme, messages, colour mode and toasts for everything below it. The colour mode is a `.dark` / `.light`
 * class on a wrapper, so two providers can show both modes side by side; overlays mount inside it.
 */
export function UiProvider({
  locale = 'en',
  colorMode = 'dark',
  onMessageError,
  contained = false,
  children,
}: UiProviderProps) {
  const portalRoot = useRef<HTMLDivElement>(null)
  const intl = useLocaleMessages(locale)
  const toasts = useSyncExternalStore(onToasterLoaded, loadedToaster, loadedToaster)
  useEffect(() => loadToasterOnInteraction(document), [])
  return (
    <ChakraProvider value={system}>
      <IntlProvider locale={intl.locale} defaultLocale="en" messages={intl.messages} onError={onMessageError}>
        <div className={colorMode} data-color-mode={colorMode} style={{ display: 'contents' }}>
          <Box
            className="chakra-theme"
            colorPalette="brand"
            bg="bg"
            color="fg"
            fontFamily="body"
            minHeight={contained ? undefined : '100dvh'}
            style={{ colorScheme: colorMode }}
          >
            <PortalRootContext.Provider value={portalRoot}>{children}</PortalRootContext.Provider>
            {toasts && !contained && <toasts.Toaster />}
            <div ref={portalRoot} />
          </Box>
        </div>
      </IntlProvider>
    </ChakraProvider>
  )
}
