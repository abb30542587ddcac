import { Checkbox, Input, NativeSelect } from '@chakra-ui/react'
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import type { QueueOption } from '../../../internal/QueueCheckboxes'
import { useT } from '../../../internal/useT'
import { CloudApiFields } from './CloudApiFields'
import type { ConnectionDriver, ConnectionFormValues } from './connectionForm'
import { InstagramFields } from './InstagramFields'
import { QueueCheckboxes } from './QueueCheckboxes'
import { TelephonyFields, type TelephonyTestProps } from './TelephonyFields'
import { WebChatFields } from './WebChatFields'

const DRIVERS: ConnectionDriver[] = ['simulator', 'cloud-api', 'web-session', 'webchat', 'telephony', 'instagram']

interface ConnectionFieldsProps extends TelephonyTestProps {
  form: UseFormReturn<ConnectionFormValues>
  queues: QueueOption[]
  /** An existing connection keeps its driver. */
  editing: boolean
}

/** Name, default, driver (with a Cloud API connection's, a web chat's or a telephony line's own settings), greeting and farewell messages, queues. */
export function ConnectionFields({ form, queues, editing, ...test }: ConnectionFieldsProps) {
  const t = useT()
  const { errors } = form.formState
  const driver = useWatch({ control: form.control, name: 'driver' })
  const textarea = { as: 'textarea', height: 'auto', minHeight: '20', paddingBlock: '2', resize: 'vertical' } as const
  return (
    <>
      <FormField label={t('connectionModal.name')} error={errors.name?.message} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="isDefault"
        render={({ field }) => (
          <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('connectionModal.isDefault')}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <FormField label={t('connectionModal.driver')} disabled={editing}>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('driver')}>
            {DRIVERS.map((driver) => (
              <option key={driver} value={driver}>
                {t(`connectionModal.driver.${driver}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {driver === 'cloud-api' && <CloudApiFields form={form} />}
      {driver === 'webchat' && <WebChatFields form={form} />}
      {driver === 'telephony' && <TelephonyFields form={form} editing={editing} {...test} />}
      {driver === 'instagram' && <InstagramFields form={form} editing={editing} />}
      <FormField label={t('connectionModal.greeting')} error={errors.greetingMessage?.message}>
        <Input {...textarea} {...form.register('greetingMessage')} />
      </FormField>
      <FormField label={t('connectionModal.farewell')} helperText={t('connectionModal.farewellHint')}>
        <Input {...textarea} {...form.register('farewellMessage')} />
      </FormField>
      <QueueCheckboxes control={form.control} queues={queues} />
    </>
  )
}
