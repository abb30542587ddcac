import type { ReactNode } from 'react'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { DateTimeInput, type DateTimeInputProps } from '../components/date-time-input/DateTimeInput'
import { isDateTimeValue } from '../components/date-time-input/internal/dateText'
import { FormField } from './FormField'

/** What a text that is not a whole, real date is told, whatever rule refused it: the pattern to type. */
const NOT_A_DATE = { date: 'validation.invalidDate', datetime: 'validation.invalidDateTime' } as const

interface DateTimeFieldProps<T extends FieldValues, TContext, TTransformed>
  extends Omit<DateTimeInputProps, 'value' | 'onChange'> {
  control: Control<T, TContext, TTransformed>
  name: Path<T>
  label: ReactNode
  helperText?: ReactNode
  required?: boolean
}

/**
 * A form's date (or date and time) field: label, the input typed as the desk writes dates, and its error.
 * A text that is not a date is answered with the pattern to type rather than a bare "Invalid value".
 */
export function DateTimeField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  label,
  helperText,
  required,
  ...input
}: DateTimeFieldProps<T, TContext, TTransformed>) {
  const mode = input.mode ?? 'date'
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message
        const notADate = message !== undefined && Boolean(field.value) && !isDateTimeValue(field.value, mode)
        return (
          <FormField
            label={label}
            helperText={helperText}
            required={required}
            error={notADate ? NOT_A_DATE[mode] : message}
          >
            <DateTimeInput
              {...input}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          </FormField>
        )
      }}
    />
  )
}
