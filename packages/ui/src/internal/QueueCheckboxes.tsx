import { Checkbox, CheckboxGroup, ColorSwatch, Fieldset, Text, Wrap } from '@chakra-ui/react'
import { useT } from './useT'

export interface QueueOption {
  id: number
  name: string
  color: string
}

interface QueueCheckboxesProps {
  legend: string
  name: string
  queues: QueueOption[]
  /** Chosen queue ids, as strings (the checkbox values). */
  value: string[]
  onChange: (value: string[]) => void
  /** Shown but not changeable (someone who may not assign queues). */
  disabled?: boolean
}

/** A fieldset of queue checkboxes, each with its colour; says so when there are no queues yet. */
export function QueueCheckboxes({ legend, name, queues, value, onChange, disabled }: QueueCheckboxesProps) {
  const t = useT()
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      {queues.length === 0 && (
        <Text color="fg.muted" textStyle="sm">
          {t('userModal.noQueues')}
        </Text>
      )}
      <CheckboxGroup name={name} value={value} onValueChange={onChange} disabled={disabled}>
        <Wrap gap="3">
          {queues.map((queue) => (
            <Checkbox.Root key={queue.id} value={String(queue.id)} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label display="flex" alignItems="center" gap="1.5">
                <ColorSwatch value={queue.color} boxSize="3" aria-hidden />
                {queue.name}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </CheckboxGroup>
    </Fieldset.Root>
  )
}
