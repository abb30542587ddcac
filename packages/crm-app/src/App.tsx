import { SessionProvider } from '@desk/api-client/hooks'
import { UiProvider } from '@desk/ui'
import type { ReactNode } from 'react'
import { apiClient } from './lib/api'
import { PreferencesProvider, usePreferences } from './lib/preferences'
import { AppRoutes } from './routes/AppRoutes'

export function App() {
  return (
    <PreferencesProvider>
      <ThemedUi>
        {/* The SWR cache, the live socket and the lists come with the private layout (LiveDataProvider). */}
        <SessionProvider client={apiClient}>
          <AppRoutes />
        </SessionProvider>
      </ThemedUi>
    </PreferencesProvider>
  )
}

function ThemedUi({ children }: { children: ReactNode }) {
  const { locale, colorMode } = usePreferences()
  return (
    <UiProvider locale={locale} colorMode={colorMode}>
      {children}
    </UiProvider>
  )
}
