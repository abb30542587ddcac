import { type UiError, type UiFieldError, useNotify } from '@desk/ui'
import { useCallback, useState } from 'react'
import { asUiError } from './errors'
import { useFormErrors } from './useFormErrors'

type MessageId = Parameters<ReturnType<typeof useNotify>['success']>[0]

export interface CrudPageOptions<T, V, R> {
  /** Creates (`target` is `'new'`) or updates `target` with the form's values. */
  save: (values: V, target: T | 'new') => Promise<R>
  /** Deletes `target` (after the confirmation). */
  remove?: (target: T) => Promise<unknown>
  /** The toasts that confirm a save and a delete. */
  savedToast: MessageId
  deletedToast?: MessageId
  /** After a save and its toast, before the dialog closes. */
  onSaved?: (result: R, values: V) => void
  /** What the form dialog starts on (`null`: closed). */
  initial?: T | 'new' | null
}

/** What a page hands its form dialog: open, submit, close, and the server's verdict on the last submit. */
export interface CrudFormProps<V> {
  open: boolean
  onSubmit: (values: V) => void
  onClose: () => void
  isSubmitting: boolean
  error: UiError | null
  fieldErrors: UiFieldError[]
}

/**
 * A page's add/edit/delete state: which item the form dialog holds (`'new'` when adding), which one
 * waits for the delete confirmation, the submit in flight, and the server's errors. A failed save
 * shows in the dialog (beside its field when the server names one, else once above the fields), and
 * the dialog stays open; a failed delete is a toast; a success is a toast and closes the dialog.
 */
export function useCrudPage<T, V, R = unknown>(options: CrudPageOptions<T, V, R>) {
  const notify = useNotify()
  const formErrors = useFormErrors({ inline: true })
  const [editing, setEditing] = useState<T | 'new' | null>(options.initial ?? null)
  const [deleting, setDeleting] = useState<T | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)

  const { clear } = formErrors
  const open = useCallback(
    (target: T | 'new') => {
      clear()
      setEditing(target)
    },
    [clear],
  )
  const close = useCallback(() => setEditing(null), [])

  const submit = async (values: V) => {
    if (!editing) return
    setSubmitting(true)
    formErrors.clear()
    try {
      const result = await options.save(values, editing)
      notify.success(options.savedToast)
      options.onSaved?.(result, values)
      setEditing(null)
    } catch (err) {
      formErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  const confirmDelete = async () => {
    if (!deleting || !options.remove) return
    setSubmitting(true)
    try {
      await options.remove(deleting)
      if (options.deletedToast) notify.success(options.deletedToast)
      setDeleting(null)
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  const form: CrudFormProps<V> = {
    open: editing !== null,
    onSubmit: (values) => void submit(values),
    onClose: close,
    isSubmitting,
    error: formErrors.error,
    fieldErrors: formErrors.fieldErrors,
  }
  const confirm = {
    open: deleting !== null,
    isConfirming: isSubmitting,
    onConfirm: () => void confirmDelete(),
    onClose: () => setDeleting(null),
  }
  return { editing, deleting, isSubmitting, open, close, askDelete: setDeleting, submit, form, confirm }
}
