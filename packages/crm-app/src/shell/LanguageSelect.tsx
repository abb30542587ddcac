import { isUiLocale, LOCALE_NAMES, LOCALES } from '@desk/ui'
import { usePreferences } from '../lib/preferences'
import { useT } from '../lib/useT'

/** Drawn with the theme's tokens so it matches the ui controls in both colour modes. */
const style = {
  font: 'inherit',
  fontSize: 'var(--chakra-font-sizes-sm)',
  color: 'var(--chakra-colors-fg)',
  background: 'var(--chakra-colors-bg-panel)',
  border: '1px solid var(--chakra-colors-border)',
  borderRadius: 'var(--chakra-radii-l2)',
  padding: '0.375rem 0.5rem',
  cursor: 'pointer',
} as const

/** The language of the interface, kept across reloads. */
export function LanguageSelect() {
  const t = useT()
  const { locale, setLocale } = usePreferences()
  return (
    <select
      aria-label={t('shell.language')}
      style={style}
      value={locale}
      onChange={(e) => isUiLocale(e.target.value) && setLocale(e.target.value)}
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  )
}
