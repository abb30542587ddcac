import { useEffect } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { UiFieldError } from '../components/error-message/useErrorText'

/** Puts the server's `{path, message}` list on the matching form fields (first path segment). */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: UiFieldError[] | undefined,
  fields: readonly Path<T>[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fields` is a constant list per form.
  useEffect(() => {
    for (const { path, message } of fieldErrors ?? []) {
      const name = path.split('.')[0] as Path<T>
      if (fields.includes(name)) setError(name, { type: 'server', message })
    }
  }, [fieldErrors, setError])
}
