import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { FormField } from '../../../internal/FormField'
import { SwitchButton } from '../../../internal/SwitchButton'
import { useT } from '../../../internal/useT'
import { formatDateTime } from '../../../lib/datetime'
import type { BotConfigItem, BotConfigValues } from '../BotSettings'

interface BotConfigFormProps {
  config: BotConfigItem
  onSave: (values: BotConfigValues) => void
  isSaving?: boolean
  /** Field errors from the server, by field name (message codes). */
  fieldErrors?: Record<string, string>
}

/** URL, secret (never shown back: empty keeps the stored one), enabled and stop words of one bot. */
export function BotConfigForm({ config, onSave, isSaving, fieldErrors }: BotConfigFormProps) {
  const t = useT()
  const [url, setUrl] = useState(config.url)
  const [secret, setSecret] = useState('')
  const [enabled, setEnabled] = useState(config.enabled)
  const [stopWords, setStopWords] = useState(config.stopWords)
  useEffect(() => {
    setUrl(config.url)
    setSecret('')
    setEnabled(config.enabled)
    setStopWords(config.stopWords)
  }, [config])
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault()
        onSave({ url: url.trim(), secret: secret || undefined, enabled, stopWords })
      }}
    >
      <FormField label={t('bots.url')} error={fieldErrors?.url} helperText={t('bots.urlHelp')}>
        <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://bot.example.com/hook" />
      </FormField>
      <FormField
        label={t('bots.secret')}
        error={fieldErrors?.secret}
        helperText={config.hasSecret ? t('bots.secretKept', { label: config.secretHint ?? '' }) : t('bots.secretHelp')}
      >
        <Input type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} />
      </FormField>
      <FormField label={t('bots.stopWords')} error={fieldErrors?.stopWords} helperText={t('bots.stopWordsHelp')}>
        <Input value={stopWords} onChange={(e) => setStopWords(e.target.value)} />
      </FormField>
      <HStack justify="space-between" colorPalette="brand">
        <SwitchButton label={t('bots.enabled')} checked={enabled} onChange={setEnabled} />
        <Button type="submit" colorPalette="brand" loading={isSaving}>
          {t('common.save')}
        </Button>
      </HStack>
      {config.updatedAt && (
        <Text textStyle="xs" color="fg.muted">
          {t('bots.updatedAt', { date: formatDateTime(config.updatedAt) })}
        </Text>
      )}
    </Stack>
  )
}
