import { Input } from '@chakra-ui/react'
import { TagCreateRequest } from '@desk/api-client/contract'
import { useMemo } from 'react'
import { z } from 'zod'
// The queue form's palette: one colour picker for everything that has a colour.
import { ColorField } from '../../internal/color/ColorField'
import { FormField } from '../../internal/FormField'
import { required } from '../../internal/schemas'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'

export interface TagModalValues {
  tag: string
  color: string
}

export interface TagModalProps {
  open: boolean
  /** The tag being edited; a new one otherwise. */
  initialValues?: Partial<TagModalValues>
  onSubmit: (values: TagModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** A failure that belongs to no field. */
  error?: UiError | null
  /** From the server, e.g. `{ path: 'tag', message: 'validation.taken' }` for a name in use. */
  fieldErrors?: UiFieldError[]
}

const schema = z.object({
  tag: TagCreateRequest.shape.tag,
  color: required(TagCreateRequest.shape.color),
})

const SERVER_FIELDS = ['tag', 'color'] as const

/** Add or edit a catalogue tag: its name and a colour from the palette. */
export function TagModal({ initialValues, onSubmit, ...props }: TagModalProps) {
  const t = useT()
  const editing = Boolean(initialValues)
  const values = useMemo(() => ({ tag: initialValues?.tag ?? '', color: initialValues?.color ?? '' }), [initialValues])
  return (
    <FormDialog
      {...props}
      title={t(editing ? 'tagModal.editTitle' : 'tagModal.addTitle')}
      submitLabel={t(editing ? 'common.save' : 'common.add')}
      schema={schema}
      values={values}
      onSubmit={(v) => onSubmit({ tag: v.tag.trim(), color: v.color.trim() })}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <>
          <FormField label={t('tagModal.name')} error={form.formState.errors.tag?.message} required>
            <Input autoComplete="off" maxLength={50} {...form.register('tag')} />
          </FormField>
          <ColorField control={form.control} name="color" legend={t('tagModal.color')} />
        </>
      )}
    </FormDialog>
  )
}
