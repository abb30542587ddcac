import { Input } from '@chakra-ui/react'
import { SyncMessageRequest, safeText } from '@desk/api-client/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { FormField } from '../../internal/FormField'
import { contractForm } from '../../internal/outreach/contractForm'
import { DispatchIdField, type DispatchIdProps } from '../../internal/outreach/DispatchIdField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'

/** The fields: text inputs speak strings. */
export interface ImportHistoryFormValues {
  limit: string
  ticketwhatsappId: string
}

/** The contract's `POST /syncMessage` body, parsed. */
export type ImportHistoryValues = z.output<typeof SyncMessageRequest>

const schema = contractForm(
  z.object({ limit: safeText(), ticketwhatsappId: safeText() }),
  ['limit', 'ticketwhatsappId'],
  (v) => SyncMessageRequest.safeParse({ limit: v.limit.trim(), ticketwhatsappId: v.ticketwhatsappId.trim() }),
)

const SERVER_FIELDS = ['limit', 'ticketwhatsappId'] as const

export interface ImportHistoryFormProps extends DispatchIdProps {
  onSubmit: (values: ImportHistoryValues) => void
  defaultValues?: Partial<ImportHistoryFormValues>
  isSubmitting?: boolean
  /** A failure that names no field. */
  error?: UiError | null
  /** The server's `{path, message}` list, shown beside the fields it names. */
  fieldErrors?: UiFieldError[]
}

/** /ZDGHistorico: import up to "Limite de Importación" device messages per conversation of a connection. */
export function ImportHistoryForm(props: ImportHistoryFormProps) {
  const t = useT()
  const form = useForm<ImportHistoryFormValues, unknown, ImportHistoryValues>({
    resolver: zodResolver(schema),
    defaultValues: { limit: '', ticketwhatsappId: '', ...props.defaultValues },
  })
  const { errors } = form.formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const dispatchId = useWatch({ control: form.control, name: 'ticketwhatsappId' })
  return (
    <OutreachForm
      onSubmit={form.handleSubmit((values) => props.onSubmit(values))}
      warnings={[t('outreach.importWarning')]}
      error={onField ? null : props.error}
      submitLabel={t('outreach.importSubmit')}
      isSubmitting={props.isSubmitting}
    >
      <FormField
        label={t('outreach.importLimit')}
        helperText={t('outreach.importLimitHelp')}
        error={errors.limit?.message}
        required
      >
        <Input type="number" min={1} step={1} maxWidth="xs" {...form.register('limit')} />
      </FormField>
      <DispatchIdField
        connections={props.connections}
        connectionsError={props.connectionsError}
        onShowIds={props.onShowIds}
        field={form.register('ticketwhatsappId')}
        value={dispatchId}
        error={errors.ticketwhatsappId?.message}
      />
    </OutreachForm>
  )
}
