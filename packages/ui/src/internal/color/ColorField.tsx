import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { ColorPalette } from './ColorPalette'

/** A form's required colour (the queue, tag and lane forms): the palette bound to the field `name`. */
export function ColorField<T extends FieldValues>({
  control,
  name,
  legend,
}: {
  control: Control<T>
  name: Path<T>
  legend: string
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ColorPalette
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          legend={legend}
          error={fieldState.error?.message}
          required
        />
      )}
    />
  )
}
