import { NativeSelect } from '@chakra-ui/react'
import { FormField } from './FormField'

interface OptionSelectProps {
  label: string
  /** The empty choice's text. */
  placeholder: string
  options: { id: number; name: string }[]
  value: number | null
  onChange: (value: number | null) => void
  helperText?: string
  disabled?: boolean
}

/** A labelled select of ids, with an empty first choice meaning "none". */
export function OptionSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  helperText,
  disabled,
}: OptionSelectProps) {
  return (
    <FormField label={label} helperText={helperText} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {option.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
