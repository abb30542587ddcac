import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { DateTimeInput, type DateTimeInputProps } from '../components/date-time-input/DateTimeInput'

/** A form's date (or date and time) field, typed as the desk writes dates, bound to the field `name`. */
export function DateTimeField<T extends FieldValues, TContext, TTransformed>({
  control,
  name,
  ...input
}: { control: Control<T, TContext, TTransformed>; name: Path<T> } & Omit<DateTimeInputProps, 'value' | 'onChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimeInput
          {...input}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  )
}
