import { Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'

interface InstagramFieldsProps {
  form: UseFormReturn<ConnectionFormValues>
  /** A saved connection keeps its provider, and its secrets unless new ones are typed. */
  editing: boolean
}

/**
 * An Instagram connection's settings: Meta's API (the professional account's id, the access token, the app secret
 * that signs the webhook, the webhook's verify token; saved secrets are never shown) or the simulator (nothing).
 */
export function InstagramFields({ form, editing }: InstagramFieldsProps) {
  const t = useT()
  const errors = form.formState.errors.instagram
  const [provider, saved, webhookPath] = useWatch({
    control: form.control,
    name: ['instagram.provider', 'instagram.saved', 'instagram.webhookPath'],
  })
  const secret = (name: 'accessToken' | 'appSecret' | 'verifyToken', label: string) => (
    <FormField
      label={label}
      error={errors?.[name]?.message}
      helperText={saved ? t('connectionModal.instagram.secretSaved') : undefined}
      required={!saved}
    >
      <Input type="password" autoComplete="new-password" {...form.register(`instagram.${name}`)} />
    </FormField>
  )
  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted">
        {t('connectionModal.instagram.help')}
      </Text>
      <FormField label={t('connectionModal.instagram.provider')} disabled={editing}>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('instagram.provider')}>
            {(['graph', 'simulator'] as const).map((p) => (
              <option key={p} value={p}>
                {t(`connectionModal.instagram.provider.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {provider === 'simulator' ? (
        <Text textStyle="sm">{t('connectionModal.instagram.simulatorHelp')}</Text>
      ) : (
        <>
          <FormField label={t('connectionModal.instagram.accountId')} error={errors?.accountId?.message} required>
            <Input inputMode="numeric" autoComplete="off" {...form.register('instagram.accountId')} />
          </FormField>
          {secret('accessToken', t('connectionModal.instagram.accessToken'))}
          {secret('appSecret', t('connectionModal.instagram.appSecret'))}
          {secret('verifyToken', t('connectionModal.instagram.verifyToken'))}
          {webhookPath && (
            <Text textStyle="sm" color="fg.muted">
              {t('connectionModal.instagram.webhook', { path: webhookPath })}
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}
