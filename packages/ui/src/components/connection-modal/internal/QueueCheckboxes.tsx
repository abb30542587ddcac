import { type Control, Controller } from 'react-hook-form'
import { QueueCheckboxes as QueueCheckboxGroup, type QueueOption } from '../../../internal/QueueCheckboxes'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'

interface QueueCheckboxesProps {
  control: Control<ConnectionFormValues>
  queues: QueueOption[]
}

export function QueueCheckboxes({ control, queues }: QueueCheckboxesProps) {
  const t = useT()
  return (
    <Controller
      control={control}
      name="queueIds"
      render={({ field }) => (
        <QueueCheckboxGroup
          legend={t('connectionModal.queues')}
          name={field.name}
          queues={queues}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    />
  )
}
