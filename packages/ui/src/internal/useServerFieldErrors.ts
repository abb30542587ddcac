import { useEffect } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { UiFieldError } from '../components/error-message/useErrorText'

/**
 * A field a server's `{path}` may name: a form field's name (matched by the path's first segment),
 * or a pattern the whole path must match (e.g. `/^extraInfo\.\d+\.(name|value)$/`), for fields of a list.
 */
export type ServerField<T extends FieldValues> = Path<T> | RegExp

/** The form field a server's `{path}` names, and whether it is a named field (those take the focus). */
const fieldOf = <T extends FieldValues>(path: string, fields: readonly ServerField<T>[]) => {
  const first = path.split('.')[0]
  if (fields.includes(first as Path<T>)) return { name: first as Path<T>, named: true }
  return fields.some((field) => field instanceof RegExp && field.test(path))
    ? { name: path as Path<T>, named: false }
    : null
}

/**
 * Puts the server's `{path, message}` list on the matching form fields and focuses the first named
 * one. Returns whether any landed on a field: the form then shows the failure there only, never
 * again as a banner above it.
 */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: UiFieldError[] | undefined,
  fields: readonly ServerField<T>[],
): boolean {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fields` is a constant list per form.
  useEffect(() => {
    let focused = false
    for (const { path, message } of fieldErrors ?? []) {
      const field = fieldOf(path, fields)
      if (!field) continue
      setError(field.name, { type: 'server', message }, { shouldFocus: field.named && !focused })
      if (field.named) focused = true
    }
  }, [fieldErrors, setError])
  return (fieldErrors ?? []).some(({ path }) => fieldOf(path, fields) !== null)
}
