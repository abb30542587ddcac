import type { ReactNode } from 'react'
import { LanguageSelect } from './LanguageSelect'

/** Frame of the public pages: the form, with the language switcher in the top corner opposite the toasts. */
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
