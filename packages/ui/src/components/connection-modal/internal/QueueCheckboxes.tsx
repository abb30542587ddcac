import { Checkbox, CheckboxGroup, ColorSwatch, Fieldset, Text, Wrap } from '@chakra-ui/react'
import { type Control, Controller } from 'react-hook-form'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'

interface QueueCheckboxesProps {
  control: Control<ConnectionFormValues>
  queues: { id: number; name: string; color: string }[]
}

export function QueueCheckboxes({ control, queues }: QueueCheckboxesProps) {
  const t = useT()
  return (
    <Controller
      control={control}
      name="queueIds"
      render={({ field }) => (
        <Fieldset.Root>
          <Fieldset.Legend textStyle="sm" fontWeight="medium">
            {t('connectionModal.queues')}
          </Fieldset.Legend>
          {queues.length === 0 && (
            <Text color="fg.muted" textStyle="sm">
              {t('userModal.noQueues')}
            </Text>
          )}
          <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
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
      )}
    />
  )
}
