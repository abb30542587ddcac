import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { UseFormSetError } from 'react-hook-form'

export interface LoginFormValues {
  email: string
  password: string
}

type Name = keyof LoginFormValues
type Errors = Partial<Record<Name, string>>

const NAMES: readonly Name[] = ['email', 'password']
const REQUIRED = 'validation.required'
/** The e-mail is trimmed; the password is taken as typed. */
const read = (name: Name, input: HTMLInputElement | null) =>
  name === 'email' ? (input?.value ?? '').trim() : (input?.value ?? '')

/**
 * The login form's two required fields, without a form library on the login page: the rules of the
 * other forms (checked on submit, then again on every change, the first invalid field focused; a
 * server's field error shown on its field until it changes), with inputs the browser keeps.
 */
export function useLoginFields(onValid: (values: LoginFormValues, event: FormEvent<HTMLFormElement>) => void) {
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({})
  const [errors, setErrors] = useState<Errors>({})
  const submitted = useRef(false)

  const check = (name: Name) => (read(name, inputs.current[name] ?? null) === '' ? REQUIRED : undefined)

  const register = (name: Name) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input
    },
    onChange: () => {
      if (!submitted.current) return
      const error = check(name)
      setErrors((current) => (current[name] === error ? current : { ...current, [name]: error }))
    },
  })

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submitted.current = true
    const found: Errors = {}
    for (const name of NAMES) found[name] = check(name)
    setErrors(found)
    const invalid = NAMES.find((name) => found[name])
    if (invalid) {
      inputs.current[invalid]?.focus()
      return
    }
    onValid(
      {
        email: read('email', inputs.current.email ?? null),
        password: read('password', inputs.current.password ?? null),
      },
      event,
    )
  }

  /** Shaped as react-hook-form's, so the shared server-error helper can set them. */
  const setError = useCallback<UseFormSetError<LoginFormValues>>((name, error, options) => {
    const field = name as Name
    setErrors((current) => ({ ...current, [field]: error.message }))
    if (options?.shouldFocus) inputs.current[field]?.focus()
  }, [])

  return { register, handleSubmit, errors, setError }
}
