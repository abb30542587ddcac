import { NativeSelect } from '@chakra-ui/react'
import { type Control, Controller, type UseFormRegister } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { QueueCheckboxes } from '../../../internal/QueueCheckboxes'
import { useT } from '../../../internal/useT'
import type { UserFormValues } from './userForm'

export interface UserModalQueue {
  id: number
  name: string
  color: string
}

export interface UserModalConnection {
  id: number
  name: string
}

interface AdminFieldsProps {
  control: Control<UserFormValues>
  register: UseFormRegister<UserFormValues>
  queues: UserModalQueue[]
  connections: UserModalConnection[]
}

/** Profile, queues and default connection: only administrators change these. */
export function AdminFields({ control, register, queues, connections }: AdminFieldsProps) {
  const t = useT()
  return (
    <>
      <FormField label={t('userModal.profile')}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('profile')}>
            <option value="user">{t('profile.user')}</option>
            <option value="admin">{t('profile.admin')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Controller
        control={control}
        name="queueIds"
        render={({ field }) => (
          <QueueCheckboxes
            legend={t('userModal.queues')}
            name={field.name}
            queues={queues}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <FormField label={t('userModal.connection')}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('whatsappId')}>
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
