import type { ReactNode } from 'react'
import { LanguageSelect } from './LanguageSelect'

/**
 * Frame of the public pages: the form, with the language switcher in the top start corner. From 600 px the
 * toasts start past it (see the toaster's placement); the form's own errors show under its fields.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      <div style={{ position: 'absolute', top: '1rem', insetInlineStart: '1rem' }}>
        <LanguageSelect />
      </div>
      {children}
    </div>
  )
}
