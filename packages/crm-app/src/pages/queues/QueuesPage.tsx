import type { Queue } from '@desk/api-client'
import { useQueueMutations, useQueues } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  PageContainer,
  PageHeader,
  QueueModal,
  type QueueModalValues,
  QueuesTable,
  useNotify,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useFormErrors } from '../../lib/useFormErrors'
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
  const formErrors = useFormErrors()
  const initialValues = useMemo(
    () =>
      editing && editing !== 'new'
        ? { name: editing.name, color: editing.color, greetingMessage: editing.greetingMessage }
        : undefined,
    [editing],
  )

  const open = (target: Queue | 'new') => {
    formErrors.clear()
    setEditing(target)
  }

  const onSubmit = async (values: QueueModalValues) => {
    if (!editing) return
    setSubmitting(true)
    formErrors.clear()
    try {
      if (editing === 'new') await createQueue(values)
      else await updateQueue(editing.id, values)
      notify.success('toasts.queueSaved')
      setEditing(null)
    } catch (err) {
      // A colour or name in use shows under its field; a failure that names no field is a toast.
      formErrors.fail(err)
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
        error={formErrors.error}
        fieldErrors={formErrors.fieldErrors}
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
