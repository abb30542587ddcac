// First: zod must see its configuration before any schema is built.
import './lib/zodJitless'
import { loadMessages } from '@desk/ui/i18n'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { initialLocale } from './lib/preferences'

const root = createRoot(document.getElementById('root')!)

// A stored language other than English is fetched before the first paint, so a reload never flashes
// English; if it cannot be fetched, the app starts in English and tries again on the next choice.
loadMessages(initialLocale())
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
