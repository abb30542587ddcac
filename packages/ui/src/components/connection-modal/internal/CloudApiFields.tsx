import { Code, Input, Stack, Text } from '@chakra-ui/react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'

interface CloudApiFieldsProps {
  form: UseFormReturn<ConnectionFormValues>
}

type Secret = 'accessToken' | 'verifyToken' | 'appSecret'
const SECRETS: Secret[] = ['accessToken', 'verifyToken', 'appSecret']

/**
 * A WhatsApp Business Cloud API connection's settings: the phone number id, the access token, the webhook's
 * verify token and app secret (saved secrets are never shown back: an empty field keeps them), and the
 * Business Account id the message templates are read from. A saved connection names its webhook path.
 */
export function CloudApiFields({ form }: CloudApiFieldsProps) {
  const t = useT()
  const errors = form.formState.errors.cloudApi
  const [saved, webhookPath] = useWatch({ control: form.control, name: ['cloudApi.saved', 'cloudApi.webhookPath'] })
  return (
    <Stack gap="4">
      <FormField label={t('connectionModal.cloudApi.phoneNumberId')} error={errors?.phoneNumberId?.message} required>
        <Input autoComplete="off" inputMode="numeric" spellCheck={false} {...form.register('cloudApi.phoneNumberId')} />
      </FormField>
      {SECRETS.map((name) => (
        <FormField
          key={name}
          label={t(`connectionModal.cloudApi.${name}`)}
          helperText={saved ? t('connectionModal.cloudApi.secretSaved') : undefined}
          error={errors?.[name]?.message}
          required={!saved}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={saved ? '••••••••' : undefined}
            {...form.register(`cloudApi.${name}`)}
          />
        </FormField>
      ))}
      <FormField
        label={t('connectionModal.cloudApi.businessAccountId')}
        helperText={t('connectionModal.cloudApi.businessAccountIdHelp')}
        error={errors?.businessAccountId?.message}
      >
        <Input
          autoComplete="off"
          inputMode="numeric"
          spellCheck={false}
          {...form.register('cloudApi.businessAccountId')}
        />
      </FormField>
      {webhookPath && (
        <Text color="fg.muted" textStyle="sm">
          {t('connectionModal.cloudApi.webhookPath')} <Code>{webhookPath}</Code>
        </Text>
      )}
    </Stack>
  )
}
