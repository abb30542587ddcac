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
  /**
   * How many scheduled jobs the last submit started (the server's answer); the form says so, and that
   * nothing was waiting when none was. Undefined or null: nothing submitted yet.
   */
  started?: number | null
  /** With `started`: a button to the jobs list. */
  onOpenJobs?: () => void
}

/**
 * /ZDGAgendamento: start now the connection's sends scheduled on "Fecha de Envío". The box above the
 * fields says so (the seed's form shows only the two fields), and the answer says how many started.
 */
export function ScheduleSendForm(props: ScheduleSendFormProps) {
  const t = useT()
  const form = useForm<ScheduleSendFormValues, unknown, ScheduleSendValues>({
    resolver: zodResolver(schema),
    defaultValues: { dataEnvio: '', ticketwhatsappId: '', ...props.defaultValues },
  })
  const { errors } = form.formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const dispatchId = useWatch({ control: form.control, name: 'ticketwhatsappId' })
  return (
    <OutreachForm
      onSubmit={form.handleSubmit((values) => props.onSubmit(values))}
      warnings={[t('outreach.scheduleHelp')]}
      warningsStatus="info"
      error={onField ? null : props.error}
      submitLabel={t('outreach.scheduleSubmit')}
      isSubmitting={props.isSubmitting}
      footer={
        props.started != null && (
          <Alert.Root
            status={props.started > 0 ? 'success' : 'info'}
            variant="subtle"
            role="status"
            alignItems="center"
          >
            <Alert.Indicator />
            <Alert.Description flex="1">{t('outreach.scheduleDone', { count: props.started })}</Alert.Description>
            {props.started > 0 && props.onOpenJobs && (
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
        error={errors.ticketwhatsappId?.message}
      />
    </OutreachForm>
  )
}
