import { type UiError, type UiFieldError, useNotify } from '@desk/ui'
import { useCallback, useMemo, useState } from 'react'
import { asUiError, fieldErrorsOf } from './errors'

interface FormErrors {
  /** The failure, for a form to show only when none of its fields carries it. */
  error: UiError | null
  fieldErrors: UiFieldError[]
}

const NONE: FormErrors = { error: null, fieldErrors: [] }

/**
 * Shows a failed submit once. When the server names fields, the form shows the message under them
 * (and, should none of them be on screen, once above the form); no toast. A failure that names no
 * field is one toast with no banner in the form, or, with `inline` (a form in a dialog, where the
 * person is looking), one message above the form's fields and no toast.
 */
export function useFormErrors({ inline = false }: { inline?: boolean } = {}) {
  const notify = useNotify()
  const [state, setState] = useState<FormErrors>(NONE)
  const fail = useCallback(
    (err: unknown) => {
      const fieldErrors = fieldErrorsOf(err)
      if (fieldErrors.length > 0 || inline) {
        setState({ error: asUiError(err), fieldErrors })
      } else {
        setState(NONE)
        notify.error(asUiError(err))
      }
    },
    [notify, inline],
  )
  const clear = useCallback(() => setState(NONE), [])
  return useMemo(() => ({ ...state, fail, clear }), [state, fail, clear])
}
