import { useSession, useUserMutations } from '@desk/api-client/hooks'
import { type UiLocale, useNotify } from '@desk/ui'
import { useCallback, useEffect } from 'react'
import { asUiError } from '../lib/errors'
import { usePreferences } from '../lib/preferences'

/**
 * The interface language while someone is signed in.
 *
 * The device's choice (local storage) stays the source of what is shown, because it must work before
 * sign-in and on the login page. The account only feeds it: on sign-in and session restore — and when
 * the account's language changes, e.g. from Profile or another device — a stored language replaces the
 * device's; a user with none keeps the device's. A choice from the shell's language menu switches at once
 * and is then saved to the account, so the next sign-in elsewhere starts in it; if saving fails, the
 * device keeps the choice and the error is shown.
 */
export function useAccountLanguage() {
  const { user } = useSession()
  const { locale, setLocale } = usePreferences()
  const { updateUser } = useUserMutations()
  const notify = useNotify()
  const stored = user?.language

  useEffect(() => {
    if (stored) setLocale(stored)
  }, [stored, setLocale])

  const changeLocale = useCallback(
    (next: UiLocale) => {
      setLocale(next)
      if (!user || user.language === next) return
      updateUser(user.id, { language: next }).catch((error) => notify.error(asUiError(error)))
    },
    [user, setLocale, updateUser, notify],
  )

  return { locale, changeLocale }
}
