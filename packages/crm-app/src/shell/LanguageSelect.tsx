import { isUiLocale, LOCALE_NAMES, LOCALES } from '@desk/ui'
import { usePreferences } from '../lib/preferences'
import { useT } from '../lib/useT'

/** The language of the interface, kept across reloads. */
export function LanguageSelect() {
  const t = useT()
  const { locale, setLocale } = usePreferences()
  return (
    <select
      aria-label={t('shell.language')}
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
