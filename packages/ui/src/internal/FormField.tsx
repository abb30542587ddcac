import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useTranslateCode } from './useT'

export interface FormFieldProps {
  label: ReactNode
  /** A message code (translated) or text; marks the field invalid. */
  error?: string
  helperText?: ReactNode
  required?: boolean
  disabled?: boolean
  children: ReactNode
}

/** Label, control and error text wired together by Chakra's Field (ids, aria-invalid, aria-describedby). */
export function FormField({ label, error, helperText, required, disabled, children }: FormFieldProps) {
  const translate = useTranslateCode()
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{translate(error)}</Field.ErrorText>}
    </Field.Root>
  )
}
