import { Alert, Button, chakra, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react'
import type { MailSettings } from '@desk/api-client/contract'
import { type FormEvent, useState } from 'react'
import { FormField } from '../../internal/FormField'
import { SwitchButton } from '../../internal/SwitchButton'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message'
import { type FailedMail, FailedMails } from './internal/FailedMails'

export type { FailedMail }

/** The SMTP settings as the server shows them (the password only as `hasPassword`). */
export type SmtpSettings = MailSettings

/** What Save sends: `password` only when one was typed. */
export interface SmtpSettingsValues {
  host: string
  port: number | null
  secure: boolean
  user: string
  password?: string
  sender: string
  notifyTo: string
  sendOnClose: boolean
  sendTranscript: boolean
}

export interface SmtpSettingsFormProps {
  settings: SmtpSettings
  onSave: (values: SmtpSettingsValues) => void
  isSaving?: boolean
  /** Fields the server refused, by name. */
  fieldErrors?: UiFieldError[]
  onTest: (to: string) => void
  isTesting?: boolean
  failed: FailedMail[] | undefined
  isLoadingFailed?: boolean
  failedError?: UiError | null
  onReloadFailed: () => void
  onRetry: (id: number) => void
}

const draftOf = (s: SmtpSettings) => ({
  host: s.host ?? '',
  port: s.port === null ? '' : String(s.port),
  secure: s.secure,
  user: s.user ?? '',
  password: '',
  sender: s.sender ?? '',
  notifyTo: s.notifyTo ?? '',
  sendOnClose: s.sendOnClose,
  sendTranscript: s.sendTranscript,
})

/** The admins' e-mail page: the SMTP server, what closing a ticket sends, a test e-mail and the failed mails. */
export function SmtpSettingsForm(props: SmtpSettingsFormProps) {
  const { settings, onSave, isSaving, fieldErrors, onTest, isTesting } = props
  const t = useT()
  const [draft, setDraft] = useState(() => draftOf(settings))
  const [testTo, setTestTo] = useState('')
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const errorOf = (path: string) => fieldErrors?.find((f) => f.path === path)?.message
  const text = (key: 'host' | 'port' | 'user' | 'sender' | 'notifyTo', label: string, type = 'text') => (
    <FormField label={label} error={errorOf(key)}>
      <Input type={type} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
    </FormField>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { password, port, ...rest } = draft
    onSave({ ...rest, port: port.trim() ? Number(port) : null, ...(password ? { password } : {}) })
  }
  const source =
    settings.source === 'settings' ? null : t(settings.source === 'env' ? 'mail.sourceEnv' : 'mail.sourceNone')
  return (
    <Stack gap="6" maxW="2xl">
      <chakra.form noValidate onSubmit={submit} aria-label={t('mail.server')}>
        <Stack gap="4">
          {source && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{source}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {text('host', t('mail.host'))}
            {text('port', t('mail.port'), 'number')}
            {text('user', t('mail.user'))}
            <FormField
              label={t('mail.password')}
              error={errorOf('password')}
              helperText={settings.hasPassword ? t('mail.passwordKept') : undefined}
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={draft.password}
                onChange={(e) => set('password', e.target.value)}
              />
            </FormField>
            {text('sender', t('mail.sender'), 'email')}
            {text('notifyTo', t('mail.notifyTo'), 'email')}
          </SimpleGrid>
          <Stack gap="2" alignItems="flex-start">
            <SwitchButton label={t('mail.secure')} checked={draft.secure} onChange={(v) => set('secure', v)} />
            <SwitchButton
              label={t('mail.sendOnClose')}
              checked={draft.sendOnClose}
              onChange={(v) => set('sendOnClose', v)}
            />
            <SwitchButton
              label={t('mail.sendTranscript')}
              checked={draft.sendTranscript}
              onChange={(v) => set('sendTranscript', v)}
            />
          </Stack>
          <HStack>
            <Button type="submit" loading={isSaving} loadingText={t('common.save')}>
              {t('common.save')}
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
      <HStack alignItems="flex-end" gap="2">
        <FormField label={t('mail.testTo')}>
          <Input type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
        </FormField>
        <Button
          variant="outline"
          loading={isTesting}
          loadingText={t('mail.test')}
          disabled={!testTo.trim()}
          onClick={() => onTest(testTo.trim())}
          flexShrink="0"
        >
          {t('mail.test')}
        </Button>
      </HStack>
      <FailedMails
        mails={props.failed}
        isLoading={props.isLoadingFailed}
        error={props.failedError}
        onReload={props.onReloadFailed}
        onRetry={props.onRetry}
      />
    </Stack>
  )
}
