import { Alert, Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { type UseFormReturn, useWatch } from 'react-hook-form'
import { LuPlugZap } from 'react-icons/lu'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'
import { SIMULATED_NUMBER } from './telephonyForm'

/** What a credentials test answered (the contract's `TelephonyTestResponse`). */
export interface TelephonyTestResult {
  ok: boolean
  accountName?: string | null
  failure?: 'credentials' | 'unreachable' | null
  providerCode?: string | null
}

/** The credentials to test: what the fields hold (an empty Auth Token means the saved one). */
export interface TelephonyTestInput {
  provider: 'twilio'
  accountSid: string
  authToken: string
}

export interface TelephonyTestProps {
  /** The "Test credentials" button; without it there is none. */
  onTestTelephony?: (input: TelephonyTestInput) => void
  /** The last test's answer; `testing` while it runs. */
  telephonyTest?: TelephonyTestResult | 'testing' | null
}

interface TelephonyFieldsProps extends TelephonyTestProps {
  form: UseFormReturn<ConnectionFormValues>
  /** A saved connection keeps its provider. */
  editing: boolean
}

/**
 * A telephony connection's settings. Twilio: Account SID, Auth Token (a saved one shows only its last
 * characters), the number and an optional Messaging Service, and a button that checks the credentials.
 * The simulator: only its number, filled in.
 */
export function TelephonyFields({ form, editing, onTestTelephony, telephonyTest }: TelephonyFieldsProps) {
  const t = useT()
  const errors = form.formState.errors.telephony
  const [provider, hint] = useWatch({ control: form.control, name: ['telephony.provider', 'telephony.authTokenHint'] })
  return (
    <Stack gap="4">
      <FormField label={t('connectionModal.telephony.provider')} disabled={editing}>
        <NativeSelect.Root>
          <NativeSelect.Field
            {...form.register('telephony.provider', {
              // The simulator needs a number of its own: a simulated one is filled in, so nothing has to be typed.
              onChange: (event) => {
                if (event.target.value === 'simulator' && form.getValues('telephony.fromNumber').trim() === '') {
                  form.setValue('telephony.fromNumber', SIMULATED_NUMBER)
                }
              },
            })}
          >
            {(['twilio', 'simulator'] as const).map((p) => (
              <option key={p} value={p}>
                {t(`connectionModal.telephony.provider.${p}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {provider === 'simulator' && <Text color="fg.muted">{t('connectionModal.telephony.simulatorHelp')}</Text>}
      {provider === 'twilio' && (
        <Stack gap="4">
          <FormField label={t('connectionModal.telephony.accountSid')} error={errors?.accountSid?.message} required>
            <Input autoComplete="off" spellCheck={false} {...form.register('telephony.accountSid')} />
          </FormField>
          <FormField
            label={t('connectionModal.telephony.authToken')}
            helperText={hint ? t('connectionModal.telephony.authTokenSaved', { hint: `••••${hint}` }) : undefined}
            error={errors?.authToken?.message}
            required={!hint}
          >
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={hint ? `••••${hint}` : undefined}
              {...form.register('telephony.authToken')}
            />
          </FormField>
        </Stack>
      )}
      <FormField
        label={t('connectionModal.telephony.fromNumber')}
        helperText={t('connectionModal.telephony.fromNumberHelp')}
        error={errors?.fromNumber?.message}
        required={provider === 'simulator'}
      >
        <Input type="tel" autoComplete="off" {...form.register('telephony.fromNumber')} />
      </FormField>
      {provider === 'twilio' && (
        <FormField
          label={t('connectionModal.telephony.messagingServiceSid')}
          helperText={t('connectionModal.telephony.messagingServiceHelp')}
          error={errors?.messagingServiceSid?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register('telephony.messagingServiceSid')} />
        </FormField>
      )}
      {provider === 'twilio' && onTestTelephony && (
        <Stack gap="2" alignItems="flex-start">
          <Button
            variant="outline"
            colorPalette="gray"
            loading={telephonyTest === 'testing'}
            loadingText={t('connectionModal.telephony.test')}
            onClick={() => {
              const v = form.getValues('telephony')
              onTestTelephony({ provider: 'twilio', accountSid: v.accountSid.trim(), authToken: v.authToken.trim() })
            }}
          >
            <LuPlugZap aria-hidden />
            {t('connectionModal.telephony.test')}
          </Button>
          {telephonyTest && telephonyTest !== 'testing' && <TestResult result={telephonyTest} />}
        </Stack>
      )}
    </Stack>
  )
}

function TestResult({ result }: { result: TelephonyTestResult }) {
  const t = useT()
  const text = result.ok
    ? t('connectionModal.telephony.testOk', { account: result.accountName ?? '' })
    : result.failure === 'unreachable'
      ? t('connectionModal.telephony.testUnreachable')
      : t('connectionModal.telephony.testCredentials', { code: result.providerCode ?? '—' })
  return (
    <Alert.Root status={result.ok ? 'success' : 'error'} variant="subtle" role="status">
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  )
}
