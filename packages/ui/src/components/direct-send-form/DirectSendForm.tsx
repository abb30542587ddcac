import { NativeSelect, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '../../internal/FormField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { DirectEstimate, type DirectEstimateData, type DirectRecipientCheck } from './internal/DirectEstimate'
import {
  type DirectSendFormValues,
  type DirectSendValues,
  directSendSchema,
  emptyDirectSendValues,
  SERVER_FIELDS,
} from './internal/directSendSchema'

export type { DirectEstimateData, DirectRecipientCheck, DirectSendFormValues, DirectSendValues }

/** An Instagram connection the page may send through. */
export interface DirectConnection {
  id: number
  name: string
  status: string
}

export interface DirectSendFormProps {
  /** The Instagram connections. */
  connections: DirectConnection[]
  /** What the desk can reach of the lines typed (null until asked, or while nothing is typed). */
  estimate?: DirectEstimateData | null
  /** The lines or the connection changed: the page asks the server which names can be messaged now. */
  onCheck?: (userIg: string, connectionId: number | null) => void
  /** The contract's request, once confirmed. Answering true says the job started: the names and message clear. */
  onSubmit: (values: DirectSendValues) => boolean | undefined | Promise<boolean | undefined>
  defaultValues?: Partial<DirectSendFormValues>
  isSubmitting?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

/**
 * /InstaDirect: the seed's user names (one a line) and message, with its warning about Instagram's anti-spam, and
 * the Instagram connection. Before sending it says how many of the names can be messaged now and why the others
 * cannot (never wrote to the account, window closed): those are skipped, never sent another way.
 */
export function DirectSendForm(props: DirectSendFormProps) {
  const t = useT()
  const { onCheck } = props
  const form = useForm<DirectSendFormValues, unknown, DirectSendValues>({
    resolver: zodResolver(directSendSchema),
    defaultValues: {
      ...emptyDirectSendValues,
      connectionId: props.connections.length === 1 ? String(props.connections[0]!.id) : '',
      ...props.defaultValues,
    },
  })
  const { errors } = form.formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const [userIg, connectionId] = useWatch({ control: form.control, name: ['userIg', 'connectionId'] })
  const [pending, setPending] = useState<DirectSendValues | null>(null)
  useEffect(() => {
    onCheck?.(userIg, connectionId ? Number(connectionId) : null)
  }, [onCheck, userIg, connectionId])

  const confirm = async () => {
    if (!pending) return
    setPending(null)
    if ((await props.onSubmit(pending)) !== true) return
    form.reset({ ...form.getValues(), userIg: '', message: '' })
  }
  return (
    <>
      <OutreachForm
        onSubmit={form.handleSubmit(setPending)}
        warnings={[t('directSend.warning'), t('directSend.pace')]}
        error={onField ? null : props.error}
        submitLabel={t('directSend.send')}
        isSubmitting={props.isSubmitting}
        footer={
          props.estimate && props.estimate.total > 0 && userIg.trim() !== '' ? (
            <DirectEstimate estimate={props.estimate} />
          ) : null
        }
      >
        <FormField
          label={t('directSend.users')}
          helperText={t('directSend.usersHelp')}
          error={errors.userIg?.message}
          required
        >
          <Textarea rows={5} autoComplete="off" spellCheck={false} {...form.register('userIg')} />
        </FormField>
        <FormField label={t('outreach.message')} error={errors.message?.message} required>
          <Textarea rows={4} {...form.register('message')} />
        </FormField>
        <FormField
          label={t('directSend.connection')}
          helperText={props.connections.length === 0 ? t('directSend.noConnection') : undefined}
          error={errors.connectionId?.message}
        >
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('connectionId')}>
              {props.connections.length !== 1 && <option value="">{t('nav.outreach.instagram')}</option>}
              {props.connections.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </OutreachForm>
      <ConfirmDialog
        open={pending !== null}
        title={t('directSend.confirm', { count: props.estimate?.reachable ?? pending?.userIg.length ?? 0 })}
        confirmLabel={t('directSend.send')}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {t('directSend.pace')}
      </ConfirmDialog>
    </>
  )
}
