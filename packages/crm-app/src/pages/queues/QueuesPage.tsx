import type { Queue } from '@desk/api-client'
import { useQueueMutations, useQueues } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  PageContainer,
  PageHeader,
  QueueModal,
  type QueueModalValues,
  QueuesTable,
  type UiError,
  type UiFieldError,
  useNotify,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError, fieldErrorsOf } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /queues (administrators): the queues, add and edit in the queue modal, delete after confirmation. */
export function QueuesPage() {
  const t = useT()
  const notify = useNotify()
  const { queues, error, isLoading, reload } = useQueues()
  const { createQueue, updateQueue, deleteQueue } = useQueueMutations()
  // `null`: closed; `'new'`: adding; a queue: editing it.
  const [editing, setEditing] = useState<Queue | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Queue | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const [formError, setFormError] = useState<UiError | null>(null)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])
  const initialValues = useMemo(
    () =>
      editing && editing !== 'new'
        ? { name: editing.name, color: editing.color, greetingMessage: editing.greetingMessage }
        : undefined,
    [editing],
  )

  const open = (target: Queue | 'new') => {
    setFormError(null)
    setFieldErrors([])
    setEditing(target)
  }

  const onSubmit = async (values: QueueModalValues) => {
    if (!editing) return
    setSubmitting(true)
    setFormError(null)
    setFieldErrors([])
    try {
      if (editing === 'new') await createQueue(values)
      else await updateQueue(editing.id, values)
      notify.success('toasts.queueSaved')
      setEditing(null)
    } catch (err) {
      // A colour in use or a missing greeting concerns the whole form: it stays in the dialog too.
      setFormError(asUiError(err))
      setFieldErrors(fieldErrorsOf(err))
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  const onConfirmDelete = async () => {
    if (!deleting) return
    setSubmitting(true)
    try {
      await deleteQueue(deleting.id)
      notify.success('toasts.queueDeleted')
      setDeleting(null)
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer>
      <PageHeader title={t('queues.title')} />
      <QueuesTable
        queues={queues ?? []}
        isLoading={isLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onAdd={() => open('new')}
        onEdit={open}
        onDelete={setDeleting}
      />
      <QueueModal
        open={editing !== null}
        initialValues={initialValues}
        onSubmit={onSubmit}
        onClose={() => setEditing(null)}
        isSubmitting={isSubmitting}
        error={formError}
        fieldErrors={fieldErrors}
      />
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={deleting ? t('queues.deleteTitle', { name: deleting.name }) : ''}
        isConfirming={isSubmitting}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('queues.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default QueuesPage
