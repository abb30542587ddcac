import { Button, Fieldset, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react'
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form'
import { LuPlus, LuTrash2 } from 'react-icons/lu'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import type { ContactFormValues } from './contactForm'

interface ExtraInfoRowsProps {
  control: Control<ContactFormValues>
  register: UseFormRegister<ContactFormValues>
  errors: FieldErrors<ContactFormValues>['extraInfo']
}

/** The contact's other information: rows of field and value, added and removed. */
export function ExtraInfoRows({ control, register, errors }: ExtraInfoRowsProps) {
  const t = useT()
  const { fields, append, remove } = useFieldArray({ control, name: 'extraInfo' })
  return (
    <Fieldset.Root>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {t('contactModal.extraInfo')}
      </Fieldset.Legend>
      <Stack gap="3">
        {fields.length === 0 && (
          <Text color="fg.muted" textStyle="sm">
            {t('contactModal.noExtraInfo')}
          </Text>
        )}
        {fields.map((field, index) => (
          <HStack key={field.id} gap="2" alignItems="flex-end">
            <FormField label={t('contactModal.extraName')} error={errors?.[index]?.name?.message}>
              <Input size="sm" autoComplete="off" {...register(`extraInfo.${index}.name`)} />
            </FormField>
            <FormField label={t('contactModal.extraValue')} error={errors?.[index]?.value?.message}>
              <Input size="sm" autoComplete="off" {...register(`extraInfo.${index}.value`)} />
            </FormField>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              // Stays level with the inputs when an error shows under one of them.
              alignSelf={errors?.[index] ? 'center' : 'flex-end'}
              aria-label={t('contactModal.removeExtra', { count: index + 1 })}
              onClick={() => remove(index)}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="outline"
          colorPalette="gray"
          onClick={() => append({ infoId: '', name: '', value: '' })}
        >
          <LuPlus aria-hidden />
          {t('contactModal.addExtra')}
        </Button>
      </Stack>
    </Fieldset.Root>
  )
}
