import { Input } from '@chakra-ui/react'
import { useMemo } from 'react'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'
import {
  type ContactExtraInfo,
  type ContactModalValues,
  contactFormSchema,
  fromFormValues,
  toFormValues,
} from './internal/contactForm'
import { ExtraInfoRows } from './internal/ExtraInfoRows'

export type { ContactExtraInfo, ContactModalValues }

/** The fields the server may name; `extraInfo.0.value` lands on its row. */
const SERVER_FIELDS = ['name', 'number', 'email', /^extraInfo\.\d+\.(name|value)$/] as const

export interface ContactModalProps {
  open: boolean
  /** The contact being edited; a new one otherwise (a name may be pre-filled, e.g. from a search). */
  initialValues?: Partial<ContactModalValues>
  /** Defaults to 'edit' when `initialValues` carry more than a name, else 'create'. */
  mode?: 'create' | 'edit'
  onSubmit: (values: ContactModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** The contact is still being fetched: a spinner stands in for the fields and saving waits. */
  isLoading?: boolean
  /** A failure that belongs to no field, e.g. `{ code: 'ERR_WAPP_CHECK_CONTACT' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields (`extraInfo.0.value` on its row). */
  fieldErrors?: UiFieldError[]
}

/** Add or edit a contact: name, number, e-mail and rows of other information. */
export function ContactModal({ initialValues, onSubmit, mode: modeProp, ...props }: ContactModalProps) {
  const t = useT()
  const mode = modeProp ?? (initialValues && Object.keys(initialValues).some((k) => k !== 'name') ? 'edit' : 'create')
  const values = useMemo(() => toFormValues(initialValues), [initialValues])
  return (
    <FormDialog
      {...props}
      title={t(mode === 'edit' ? 'contactModal.editTitle' : 'contactModal.addTitle')}
      submitLabel={t(mode === 'edit' ? 'common.save' : 'common.add')}
      schema={contactFormSchema}
      values={values}
      onSubmit={(v) => onSubmit(fromFormValues(v))}
      serverFields={SERVER_FIELDS}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label={t('contactModal.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField
            label={t('contactModal.number')}
            error={errors.number?.message}
            helperText={t('contactModal.numberHint')}
          >
            <Input type="tel" inputMode="tel" placeholder="5513912344321" {...register('number')} />
          </FormField>
          <FormField label={t('contactModal.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <ExtraInfoRows control={control} register={register} errors={errors.extraInfo} />
        </>
      )}
    </FormDialog>
  )
}
