import { Button, Field, Fieldset, HStack, IconButton, Input, Stack } from '@chakra-ui/react'
import { WIDGET_ORIGINS_MAX } from '@desk/api-client/contract'
import { type UseFormReturn, useFieldArray } from 'react-hook-form'
import { LuPlus, LuTrash2 } from 'react-icons/lu'
import { useT, useTranslateCode } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'

/**
 * The partner sites allowed to embed the widget: one origin a row, 1 to 20. The last row cannot go
 * (an empty one says "Required" instead), and Add stops at the limit.
 */
export function OriginList({ form }: { form: UseFormReturn<ConnectionFormValues> }) {
  const t = useT()
  const translate = useTranslateCode()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'webChat.allowedOrigins' })
  const errors = form.formState.errors.webChat?.allowedOrigins
  const listError = errors?.root?.message ?? errors?.message
  return (
    <Fieldset.Root invalid={Boolean(listError)}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {t('connectionModal.webChat.origins')}
      </Fieldset.Legend>
      <Fieldset.HelperText textStyle="xs">{t('connectionModal.webChat.originsHint')}</Fieldset.HelperText>
      <Stack gap="2">
        {fields.map((field, index) => {
          const error = errors?.[index]?.value?.message ?? errors?.[index]?.message
          return (
            <Field.Root key={field.id} invalid={Boolean(error)}>
              <HStack gap="2" width="full">
                <Input
                  size="sm"
                  autoComplete="off"
                  inputMode="url"
                  placeholder="https://portal.example.com"
                  aria-label={t('connectionModal.webChat.origin', { count: index + 1 })}
                  {...form.register(`webChat.allowedOrigins.${index}.value`)}
                />
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  disabled={fields.length === 1}
                  aria-label={t('connectionModal.webChat.removeOrigin', { count: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
              {error && <Field.ErrorText>{translate(error)}</Field.ErrorText>}
            </Field.Root>
          )
        })}
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="outline"
          colorPalette="gray"
          disabled={fields.length >= WIDGET_ORIGINS_MAX}
          onClick={() => append({ value: '' })}
        >
          <LuPlus aria-hidden />
          {t('connectionModal.webChat.addOrigin')}
        </Button>
      </Stack>
      {listError && <Fieldset.ErrorText>{translate(listError)}</Fieldset.ErrorText>}
    </Fieldset.Root>
  )
}
