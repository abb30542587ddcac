import { useEffect } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { UiFieldError } from '../components/error-message/useErrorText'

/** The form field a server's `{path}` names (its first segment), when the form shows it. */
const fieldOf = <T extends FieldValues>(path: string, fields: readonly Path<T>[]) => {
  const name = path.split('.')[0] as Path<T>
  return fields.includes(name) ? name : null
}

/**
 * Puts the server's `{path, message}` list on the matching form fields (first path segment) and
 * focuses the first of them. Returns whether any landed on a field: the form then shows the failure
 * there only, never again as a banner above it.
 */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: UiFieldError[] | undefined,
  fields: readonly Path<T>[],
): boolean {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fields` is a constant list per form.
  useEffect(() => {
    let focused = false
    for (const { path, message } of fieldErrors ?? []) {
      const name = fieldOf(path, fields)
      if (!name) continue
      setError(name, { type: 'server', message }, { shouldFocus: !focused })
      focused = true
    }
  }, [fieldErrors, setError])
  return (fieldErrors ?? []).some(({ path }) => fieldOf(path, fields) !== null)
}
