import { Button, Stack, Textarea } from '@chakra-ui/react'
import { smsSegments } from '@desk/api-client/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { LuEraser } from 'react-icons/lu'
import { FormField } from '../../internal/FormField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import { SegmentLine } from './internal/SegmentLine'
import { SenderField, type TelephonySender } from './internal/SenderField'
import {
  countNumbers,
  emptyTelephonySendValues,
  SERVER_FIELDS,
  type TelephonySendFormValues,
  type TelephonySendValues,
  telephonySendSchema,
} from './internal/telephonySendSchema'

export type { TelephonySender, TelephonySendFormValues, TelephonySendValues }

/** `sms` (/SMS) or `voice` (/VoiceCall): the same fields; a call speaks the message. */
export type TelephonySendVariant = 'sms' | 'voice'

export interface TelephonySendFormProps {
  variant: TelephonySendVariant
  /** The telephony connections to send from. */
  senders: TelephonySender[]
  /** Loading the senders failed: one line with Retry under the select. */
  sendersError?: UiError | null
  onReloadSenders?: () => void
  /**
   * The contract's request, once the person confirmed it. Answering (or resolving to) true says the job
   * started: the numbers and the message clear, the sender stays.
   */
  onSubmit: (values: TelephonySendValues) => boolean | undefined | Promise<boolean | undefined>
  defaultValues?: Partial<TelephonySendFormValues>
  isSubmitting?: boolean
  /** A failure that names no field. */
  error?: UiError | null
  /** The server's `{path, message}` list, shown beside the fields it names. */
  fieldErrors?: UiFieldError[]
}

/**
 * /SMS and /VoiceCall: numbers one a line, the message, and the sender. An SMS shows its encoding and
 * segments as it is typed, and the segments of the whole job; the send is confirmed with its size first.
 */
export function TelephonySendForm(props: TelephonySendFormProps) {
  const { variant } = props
  const t = useT()
  const form = useForm<TelephonySendFormValues, unknown, TelephonySendValues>({
    resolver: zodResolver(telephonySendSchema),
    defaultValues: { ...emptyTelephonySendValues, ...props.defaultValues },
  })
  const { errors } = form.formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const [to, text] = useWatch({ control: form.control, name: ['to', 'text'] })
  const [pending, setPending] = useState<TelephonySendValues | null>(null)
  const recipients = countNumbers(to)
  const confirming = pending

  const confirm = async () => {
    if (!confirming) return
    setPending(null)
    if ((await props.onSubmit(confirming)) !== true) return
    form.reset({ ...form.getValues(), to: '', text: '' })
  }
  const sender = props.senders.find((s) => s.from === confirming?.from)
  return (
    <>
      <OutreachForm
        onSubmit={form.handleSubmit(setPending)}
        warnings={[t('telephonySend.credits'), t('telephonySend.pace')]}
        warningsStatus="info"
        error={onField ? null : props.error}
        submitLabel={t(variant === 'sms' ? 'telephonySend.sendSms' : 'telephonySend.placeCalls')}
        isSubmitting={props.isSubmitting}
        secondaryAction={
          <Button
            variant="outline"
            colorPalette="gray"
            onClick={() => form.reset({ ...emptyTelephonySendValues, from: form.getValues('from') })}
          >
            <LuEraser aria-hidden />
            {t('telephonySend.reset')}
          </Button>
        }
        footer={
          variant === 'voice' && (
            <Stack textStyle="sm" role="status" aria-live="polite">
              {recipients === 0 ? t('outreach.estimateNone') : t('telephonySend.calls', { count: recipients })}
            </Stack>
          )
        }
      >
        <FormField
          label={t('outreach.numbers')}
          helperText={t('telephonySend.numbersHelp')}
          error={errors.to?.message}
          required
        >
          <Textarea rows={5} autoComplete="off" spellCheck={false} {...form.register('to')} />
        </FormField>
        <Stack gap="2">
          <FormField
            label={t(variant === 'sms' ? 'outreach.message' : 'telephonySend.spokenMessage')}
            helperText={variant === 'voice' ? t('telephonySend.spokenHelp') : undefined}
            error={errors.text?.message}
            required
          >
            <Textarea rows={4} {...form.register('text')} />
          </FormField>
          {variant === 'sms' && <SegmentLine text={text} recipients={recipients} />}
        </Stack>
        <SenderField senders={props.senders} field={form.register('from')} error={errors.from?.message} />
        {props.sendersError && (
          <LoadError variant="inline" error={props.sendersError} onRetry={props.onReloadSenders} />
        )}
      </OutreachForm>
      <ConfirmDialog
        open={confirming !== null}
        title={
          variant === 'sms'
            ? t('telephonySend.confirmSms', {
                count: confirming?.to.length ?? 0,
                segments: (confirming?.to.length ?? 0) * smsSegments(confirming?.text ?? '').segments,
              })
            : t('telephonySend.confirmCalls', { count: confirming?.to.length ?? 0 })
        }
        confirmLabel={t(variant === 'sms' ? 'telephonySend.sendSms' : 'telephonySend.placeCalls')}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {t('telephonySend.confirmBody', {
          sender: sender ? `${sender.name} (${sender.from})` : (confirming?.from ?? ''),
        })}
      </ConfirmDialog>
    </>
  )
}
