import { Input, type InputProps } from '@chakra-ui/react'
import { type Ref, useState } from 'react'
import { useT } from '../../internal/useT'
import { type DateTimeMode, maskDateText, textToValue, valueToText } from './internal/dateText'

export type { DateTimeMode }

export interface DateTimeInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** `date`: the value is `YYYY-MM-DD`; `datetime`: `YYYY-MM-DDTHH:mm` (local time), as native inputs give. */
  mode?: DateTimeMode
  /** The form value; text that is not a whole, real date comes back as typed, for the form's rules to refuse. */
  value: string | null | undefined
  onChange: (value: string) => void
  ref?: Ref<HTMLInputElement>
}

const MAX_LENGTH: Record<DateTimeMode, number> = { date: 10, datetime: 16 }

/**
 * A date (or date and time) typed the way the desk shows dates, `dd/mm/yyyy hh:mm`, in every language:
 * a native date input would follow the browser's language instead (mm/dd/yyyy in an American browser).
 * Digits only: the slashes, space and colon go in by themselves. Labels and errors come from the form field.
 */
export function DateTimeInput({ mode = 'date', value, onChange, ...rest }: DateTimeInputProps) {
  const t = useT()
  const [typed, setTyped] = useState('')
  const current = value ?? ''
  // What was typed stays on screen while it is what the form holds; a value set from outside (a reset,
  // another job opened) shows in the desk's pattern.
  const text = textToValue(typed, mode) === current ? typed : valueToText(current, mode)
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={MAX_LENGTH[mode]}
      placeholder={t(mode === 'date' ? 'dateInput.datePattern' : 'dateInput.dateTimePattern')}
      {...rest}
      type="text"
      value={text}
      onChange={(event) => {
        const next = maskDateText(event.target.value, mode)
        setTyped(next)
        onChange(textToValue(next, mode))
      }}
    />
  )
}
