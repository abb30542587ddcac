import { Button, Field, Input, Stack, Text } from '@chakra-ui/react'
import { email } from '@desk/api-client/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useT, useTranslateCode } from '../../../internal/useT'
import { offlineFormRecipes } from '../../../theme/offline-form'
import { useRecipes } from '../../../theme/registry'
import { type UiError, useErrorText } from '../../error-message/useErrorText'
import { panelAwaitsFocus } from './panelFocus'

const OfflineEmail = z.object({ email: email() })
type OfflineEmailInput = z.input<typeof OfflineEmail>
type OfflineEmailValues = z.output<typeof OfflineEmail>

export interface OfflineEmailFormProps {
  onSubmit: (values: OfflineEmailValues) => void
  isSubmitting?: boolean
  error?: UiError | null
  defaultEmail?: string
}

/** The offline form's address field and Send (loaded on demand by `WidgetPanelOffline`). */
export default function OfflineEmailForm({ onSubmit, isSubmitting, error, defaultEmail }: OfflineEmailFormProps) {
  useRecipes(offlineFormRecipes)
  const t = useT()
  const translate = useTranslateCode()
  const errorText = useErrorText()
  const form = useForm<OfflineEmailInput, unknown, OfflineEmailValues>({
    resolver: zodResolver(OfflineEmail),
    defaultValues: { email: defaultEmail ?? '' },
  })
  const fieldError = form.formState.errors.email?.message
  const formRef = useRef<HTMLFormElement>(null)
  // Loaded after the panel opened: the field takes the focus the panel holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears.
  useEffect(() => {
    if (panelAwaitsFocus(formRef.current)) form.setFocus('email')
  }, [])
  return (
    <Stack asChild gap="3">
      <form ref={formRef} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Field.Root invalid={Boolean(fieldError)} required>
          <Field.Label>{t('widget.offline.email')}</Field.Label>
          <Input type="email" autoComplete="email" {...form.register('email')} />
          {fieldError && <Field.ErrorText>{translate(fieldError)}</Field.ErrorText>}
        </Field.Root>
        {error && (
          <Text role="alert" textStyle="sm" color="fg.error">
            {errorText(error)}
          </Text>
        )}
        <Button type="submit" loading={isSubmitting} loadingText={t('widget.offline.submit')}>
          {t('widget.offline.submit')}
        </Button>
      </form>
    </Stack>
  )
}
