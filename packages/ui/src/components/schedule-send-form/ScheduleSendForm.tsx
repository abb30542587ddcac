import { Alert, Button } from '@chakra-ui/react'
import { ScheduleRequest, safeText } from '@desk/api-client/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { DateTimeField } from '../../internal/DateTimeField'
import { contractForm } from '../../internal/outreach/contractForm'
import { DispatchIdField, type DispatchIdProps } from '../../internal/outreach/DispatchIdField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'

/** The fields: `dataEnvio` as `YYYY-MM-DD` (typed as `dd/mm/yyyy`). */
export interface ScheduleSendFormValues {
  dataEnvio: string
  ticketwhatsappId: string
}

/** The contract's `POST /sendAgendamento` body, parsed. */
export type ScheduleSendValues = z.output<typeof ScheduleRequest>

const schema = contractForm(
  z.object({ dataEnvio: safeText(), ticketwhatsappId: safeText() }),
  ['dataEnvio', 'ticketwhatsappId'],
  (v) => ScheduleRequest.safeParse({ dataEnvio: v.dataEnvio, ticketwhatsappId: v.ticketwhatsappId.trim() }),
)

const SERVER_FIELDS = ['dataEnvio', 'ticketwhatsappId'] as const

export interface ScheduleSendFormProps extends DispatchIdProps {
  onSubmit: (values: ScheduleSendValues) => void
  defaultValues?: Partial<ScheduleSendFormValues>
  isSubmitting?: boolean
  /** A failure that names no field. */
  error?: UiError | null
  /** The server's `{path, message}` list, shown beside the fields it names. */
  fieldErrors?: UiFieldError[]
  /** The schedule was accepted: the form says to follow it in the jobs list. */
  done?: boolean
  /** With `done`: a button to the jobs list. */
  onOpenJobs?: () => void
}

/** /ZDGAgendamento: run the connection's scheduled sends on "Fecha de Envío". */
export function ScheduleSendForm(props: ScheduleSendFormProps) {
  const t = useT()
  const form = useForm<ScheduleSendFormValues, unknown, ScheduleSendValues>({
    resolver: zodResolver(schema),
    defaultValues: { dataEnvio: '', ticketwhatsappId: '', ...props.defaultValues },
  })
  const { errors, isSubmitted } = form.formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const dispatchId = useWatch({ control: form.control, name: 'ticketwhatsappId' })
  return (
    <OutreachForm
      onSubmit={form.handleSubmit((values) => props.onSubmit(values))}
      error={onField ? null : props.error}
      submitLabel={t('outreach.scheduleSubmit')}
      isSubmitting={props.isSubmitting}
      footer={
        props.done && (
          <Alert.Root status="success" variant="subtle" role="status" alignItems="center">
            <Alert.Indicator />
            <Alert.Description flex="1">{t('outreach.scheduleDone')}</Alert.Description>
            {props.onOpenJobs && (
              <Button size="sm" variant="outline" colorPalette="gray" onClick={props.onOpenJobs}>
                {t('outreach.openJobs')}
              </Button>
            )}
          </Alert.Root>
        )
      }
    >
      <DateTimeField
        control={form.control}
        name="dataEnvio"
        mode="date"
        maxWidth="xs"
        label={t('outreach.sendDate')}
        required
      />
      <DispatchIdField
        connections={props.connections}
        connectionsError={props.connectionsError}
        onShowIds={props.onShowIds}
        field={form.register('ticketwhatsappId')}
        value={dispatchId}
        onPick={(id) => form.setValue('ticketwhatsappId', id, { shouldValidate: isSubmitted })}
        error={errors.ticketwhatsappId?.message}
      />
    </OutreachForm>
  )
}
