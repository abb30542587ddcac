import { Checkbox, CheckboxGroup, ColorSwatch, Fieldset, NativeSelect, Text, Wrap } from '@chakra-ui/react'
import { type Control, Controller, type UseFormRegister } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
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
          <Fieldset.Root>
            <Fieldset.Legend textStyle="sm" fontWeight="medium">
              {t('userModal.queues')}
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
