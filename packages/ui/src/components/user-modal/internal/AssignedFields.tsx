import { NativeSelect } from '@chakra-ui/react'
import { FormField } from '../../../internal/FormField'
import { QueueCheckboxes } from '../../../internal/QueueCheckboxes'
import { useT } from '../../../internal/useT'
import type { UserModalConnection, UserModalQueue } from './AdminFields'

interface AssignedFieldsProps {
  queues: UserModalQueue[]
  connections: UserModalConnection[]
  /** The user's queue ids and default connection, as the form holds them. */
  queueIds: string[]
  whatsappId: string
}

const keep = () => {}

/** Queues and default connection as they are, for someone who may see but not change them. */
export function AssignedFields({ queues, connections, queueIds, whatsappId }: AssignedFieldsProps) {
  const t = useT()
  return (
    <>
      <QueueCheckboxes
        legend={t('userModal.queues')}
        name="queueIds"
        queues={queues}
        value={queueIds}
        onChange={keep}
        disabled
      />
      <FormField label={t('userModal.connection')} helperText={t('userModal.assignedByAdmin')} disabled>
        <NativeSelect.Root>
          <NativeSelect.Field value={whatsappId} onChange={keep}>
            <option value="">{t('common.none')}</option>
            {connections.map((connection) => (
              <option key={connection.id} value={String(connection.id)}>
                {connection.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </>
  )
}
