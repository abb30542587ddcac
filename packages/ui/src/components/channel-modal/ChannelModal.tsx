import { Checkbox, CheckboxGroup, Fieldset, Input, Wrap } from '@chakra-ui/react'
import { boundedString } from '@desk/api-client/contract'
import { useMemo } from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'

export interface ChannelModalValues {
  name: string
  userIds: number[]
}

export interface ChannelModalProps {
  open: boolean
  /** Everyone who may be a member. */
  people: { id: number; name: string }[]
  /** The channel being edited; a new one otherwise. */
  initialValues?: ChannelModalValues
  onSubmit: (values: ChannelModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

const schema = z.object({ name: boundedString(1, 60), userIds: z.array(z.string()) })
type FormValues = z.input<typeof schema>
const SERVER_FIELDS = ['name', 'userIds'] as const

/** An administrator's team chat channel: its name and who is in it. */
export function ChannelModal({ people, initialValues, onSubmit, ...props }: ChannelModalProps) {
  const t = useT()
  const values = useMemo<FormValues>(
    () => ({ name: initialValues?.name ?? '', userIds: (initialValues?.userIds ?? []).map(String) }),
    [initialValues],
  )
  return (
    <FormDialog
      {...props}
      title={initialValues ? initialValues.name : t('chat.newChannel')}
      submitLabel={t(initialValues ? 'common.save' : 'chat.create')}
      schema={schema}
      values={values}
      onSubmit={(v) => onSubmit({ name: v.name, userIds: v.userIds.map(Number) })}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <>
          <FormField label={t('chat.channelName')} error={form.formState.errors.name?.message} required>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <Controller
            control={form.control}
            name="userIds"
            render={({ field }) => (
              <Fieldset.Root>
                <Fieldset.Legend textStyle="sm" fontWeight="medium">
                  {t('chat.members')}
                </Fieldset.Legend>
                <CheckboxGroup name="userIds" value={field.value} onValueChange={field.onChange}>
                  <Wrap gap="3">
                    {people.map((person) => (
                      <Checkbox.Root key={person.id} value={String(person.id)} size="sm">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{person.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Wrap>
                </CheckboxGroup>
              </Fieldset.Root>
            )}
          />
        </>
      )}
    </FormDialog>
  )
}
