import { Grid, Input, Stack, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { DateTimeField } from '../../internal/DateTimeField'
import { FormField } from '../../internal/FormField'
import { DispatchIdField, type DispatchIdProps, type OutreachConnection } from '../../internal/outreach/DispatchIdField'
import { OutreachForm } from '../../internal/outreach/OutreachForm'
import { SwitchButton } from '../../internal/SwitchButton'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import type { DateInput } from '../../lib/datetime'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { withToaster } from '../toaster/load'
import {
  type BulkSendFormValues,
  type BulkSendValues,
  type BulkSendVariant,
  bulkSendSchema,
  emptyBulkSendValues,
  type OfficialApiOptions,
  officialChoice,
  SERVER_FIELDS,
} from './internal/bulkSendSchema'
import { EstimateLine } from './internal/EstimateLine'
import { type OutreachUpload, PathField } from './internal/PathField'
import { OpenWindowsOnlyNotice, TemplateChoice } from './internal/TemplateChoice'

export type {
  BulkSendFormValues,
  BulkSendValues,
  BulkSendVariant,
  OfficialApiOptions,
  OutreachConnection,
  OutreachUpload,
}

export interface BulkSendFormProps extends DispatchIdProps {
  /** text (/ZDG): message · media (/ZDGMedia): URL and title · file (/ZDGMedia2): path and title · audio (/ZDGMedia3): path. */
  variant: BulkSendVariant
  /**
   * The contract's request for the variant, tagged with it, plus the scheduled start (ISO) or null.
   * Answering (or resolving to) true says the job started: the form clears its numbers and message
   * (or file and title), so a second click has nothing to send again; the connection and pace stay.
   */
  onSubmit: (values: BulkSendValues) => boolean | undefined | Promise<boolean | undefined>
  /** file and audio: uploads a picked file into the server's outreach folder; its path fills the field. */
  onUpload?: (file: File) => Promise<OutreachUpload>
  /** What the fields hold at first. */
  defaultValues?: Partial<BulkSendFormValues>
  isSubmitting?: boolean
  /** A failure that names no field. */
  error?: UiError | null
  /** The server's `{path, message}` list, shown beside the fields it names. */
  fieldErrors?: UiFieldError[]
  /** "Now" for the estimate and the check that a start lies ahead (stories pin it). */
  now?: DateInput
  /**
   * The WhatsApp Cloud API connections and their approved templates: text on one of them chooses a template
   * (its variables mapped to contact fields or pasted columns) or goes to open reply windows only.
   */
  officialApi?: OfficialApiOptions
}

/** The bulk sending form of the four sending pages: one job on the server per submit. */
export function BulkSendForm(props: BulkSendFormProps) {
  const { variant, now } = props
  const t = useT()
  const { officialApi } = props
  const schema = useMemo(
    () => bulkSendSchema(variant, () => now ?? Date.now(), officialApi),
    [variant, now, officialApi],
  )
  const form = useForm<BulkSendFormValues, unknown, BulkSendValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...emptyBulkSendValues, ...props.defaultValues },
  })
  const { register, control, setValue, formState } = form
  const { errors } = formState
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, SERVER_FIELDS)
  const [dispatchId, isGroup, templateId] = useWatch({ control, name: ['ticketwhatsappId', 'isGroup', 'templateId'] })
  const official = officialChoice(variant, { ticketwhatsappId: dispatchId, templateId }, officialApi)
  const byPath = variant === 'file' || variant === 'audio'
  const warnings = [t('outreach.blocksOf30')]
  if (variant === 'file') warnings.push(t('outreach.forwardSlashes'))
  if (variant === 'audio') warnings.push(t('outreach.audioHelp'))
  return (
    <OutreachForm
      onSubmit={form.handleSubmit(async (values) => {
        if ((await props.onSubmit(values)) !== true) return
        const kept = form.getValues()
        form.reset({ ...kept, numbers: '', message: '', url: '', title: '', keepAsTyped: [] })
      })}
      warnings={warnings}
      warningsStatus="info"
      error={onField ? null : props.error}
      submitLabel={t('outreach.submit')}
      isSubmitting={props.isSubmitting}
      footer={
        <EstimateLine
          control={control}
          now={now ?? Date.now()}
          template={official?.template ?? null}
          onKeepChange={(keep) => setValue('keepAsTyped', keep)}
        />
      }
    >
      <Stack gap="2">
        <FormField
          label={t('outreach.numbers')}
          helperText={t(isGroup ? 'outreach.groupIdsHelp' : 'outreach.numbersHelp')}
          error={errors.numbers?.message}
          required
        >
          <Textarea rows={5} autoComplete="off" spellCheck={false} {...register('numbers')} />
        </FormField>
        <Controller
          control={control}
          name="isGroup"
          render={({ field }) => (
            <SwitchButton
              label={t('outreach.groups')}
              checked={field.value}
              onChange={(checked) => {
                field.onChange(checked)
                const title = t(checked ? 'outreach.groupsOn' : 'outreach.groupsOff')
                withToaster((toaster) => toaster.create({ id: 'outreach.groups', title, type: 'info' }))
              }}
            />
          )}
        />
      </Stack>
      {official && (variant === 'text' || variant === 'media') && (
        <TemplateChoice form={form} variant={variant} templates={official.templates} template={official.template} />
      )}
      {official && byPath && (
        <OpenWindowsOnlyNotice href={officialApi?.textPageHref} onNavigate={officialApi?.onNavigate} />
      )}
      {variant === 'text' && !official?.template && (
        <FormField label={t('outreach.message')} error={errors.message?.message} required>
          <Textarea rows={4} {...register('message')} />
        </FormField>
      )}
      {variant === 'media' && (
        <FormField label={t('outreach.url')} error={errors.url?.message} required>
          <Input type="url" autoComplete="off" {...register('url')} />
        </FormField>
      )}
      {byPath && (
        <PathField
          field={register('url')}
          error={errors.url?.message}
          accept={variant === 'audio' ? 'audio/ogg,.ogg,audio/*' : undefined}
          onUpload={props.onUpload}
          onUploaded={(upload) => {
            setValue('url', upload.path, { shouldValidate: true })
            if (variant === 'file' && form.getValues('title').trim() === '') setValue('title', upload.name)
          }}
        />
      )}
      {((variant === 'media' && !official?.template) || variant === 'file') && (
        <FormField label={t('outreach.title')} error={errors.title?.message} required>
          <Input autoComplete="off" {...register('title')} />
        </FormField>
      )}
      <DispatchIdField
        connections={props.connections}
        connectionsError={props.connectionsError}
        onShowIds={props.onShowIds}
        field={register('ticketwhatsappId')}
        value={dispatchId}
        error={errors.ticketwhatsappId?.message}
      />
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1.4fr' }} gap="3" alignItems="start">
        <FormField label={t('outreach.minInterval')} error={errors.minInterval?.message} required>
          <Input type="number" min={0} step={1} {...register('minInterval')} />
        </FormField>
        <FormField
          label={t('outreach.maxInterval')}
          helperText={t('outreach.intervalHelp')}
          error={errors.maxInterval?.message}
          required
        >
          <Input type="number" min={0} step={1} {...register('maxInterval')} />
        </FormField>
        <DateTimeField
          control={control}
          name="startAt"
          mode="datetime"
          label={t('outreach.startAt')}
          helperText={t('outreach.startAtHelp')}
        />
      </Grid>
    </OutreachForm>
  )
}
