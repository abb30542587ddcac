import { useMemo } from 'react'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'
import { ConnectionFields } from './internal/ConnectionFields'
import type { CloudApiSettings } from './internal/cloudApiForm'
import {
  type ConnectionDriver,
  type ConnectionModalValues,
  connectionFormSchema,
  fromFormValues,
  toFormValues,
} from './internal/connectionForm'
import type { InstagramSettings } from './internal/instagramForm'
import type { TelephonyTestInput, TelephonyTestProps, TelephonyTestResult } from './internal/TelephonyFields'
import type { TelephonySettings } from './internal/telephonyForm'

export type {
  CloudApiSettings,
  ConnectionDriver,
  ConnectionModalValues,
  InstagramSettings,
  TelephonySettings,
  TelephonyTestInput,
  TelephonyTestResult,
}

export interface ConnectionModalProps extends TelephonyTestProps {
  open: boolean
  /** The connection being edited; a new one otherwise. */
  initialValues?: Partial<ConnectionModalValues>
  queues: { id: number; name: string; color: string }[]
  onSubmit: (values: ConnectionModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** The connection's settings are still on their way (a web chat's are fetched on their own): a spinner stands in. */
  isLoading?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
  /** The queues or connections to choose from could not be loaded: one line with Retry above the fields. */
  loadError?: UiError | null
  onRetryLoad?: () => void
}

const SERVER_FIELDS = [
  'name',
  'greetingMessage',
  'farewellMessage',
  'queueIds',
  // A web chat's settings: each origin on its row, the list, the launcher's text.
  /^webChat\.allowedOrigins(\.\d+)?$/,
  /^webChat\.theme\.launcherText$/,
  // A Cloud API connection's settings.
  /^cloudApi\.(phoneNumberId|accessToken|verifyToken|appSecret|businessAccountId)$/,
  // A telephony line's settings.
  /^telephony\.(fromNumber|accountSid|authToken|messagingServiceSid)$/,
] as const

/**
 * Add or edit a connection: name, default, greeting and farewell messages, queues and driver; a web chat
 * also names the sites that may embed it, who may talk, and its launcher's look.
 */
export function ConnectionModal(allProps: ConnectionModalProps) {
  const { initialValues, queues, onSubmit, onTestTelephony, telephonyTest, ...props } = allProps
  const t = useT()
  const editing = Boolean(initialValues)
  const values = useMemo(() => toFormValues(initialValues), [initialValues])
  return (
    <FormDialog
      {...props}
      title={t(editing ? 'connectionModal.editTitle' : 'connectionModal.addTitle')}
      submitLabel={t(editing ? 'common.save' : 'common.add')}
      schema={connectionFormSchema}
      values={values}
      onSubmit={(v) => onSubmit(fromFormValues(v))}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <ConnectionFields
          form={form}
          queues={queues}
          editing={editing}
          onTestTelephony={onTestTelephony}
          telephonyTest={telephonyTest}
        />
      )}
    </FormDialog>
  )
}
