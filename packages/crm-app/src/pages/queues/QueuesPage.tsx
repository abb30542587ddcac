import type { Queue } from '@desk/api-client'
import { useQueueMutations, useQueues } from '@desk/api-client/hooks'
import { ConfirmDialog, PageContainer, PageHeader, QueueModal, type QueueModalValues, QueuesTable } from '@desk/ui'
import { useMemo } from 'react'
import { asUiError } from '../../lib/errors'
import { useCrudPage } from '../../lib/useCrudPage'
import { useT } from '../../lib/useT'

/** /queues (administrators): the queues, add and edit in the queue modal, delete after confirmation. */
export function QueuesPage() {
  const t = useT()
  const { queues, error, isLoading, reload } = useQueues()
  const { createQueue, updateQueue, deleteQueue } = useQueueMutations()
  const crud = useCrudPage<Queue, QueueModalValues>({
    save: (values, target) => (target === 'new' ? createQueue(values) : updateQueue(target.id, values)),
    remove: (queue) => deleteQueue(queue.id),
    savedToast: 'toasts.queueSaved',
    deletedToast: 'toasts.queueDeleted',
  })
  const { editing, deleting } = crud
  const initialValues = useMemo(
    () =>
      editing && editing !== 'new'
        ? { name: editing.name, color: editing.color, greetingMessage: editing.greetingMessage }
        : undefined,
    [editing],
  )

  return (
    <PageContainer>
      <PageHeader title={t('queues.title')} />
      <QueuesTable
        queues={queues ?? []}
        isLoading={isLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onAdd={() => crud.open('new')}
        onEdit={crud.open}
        onDelete={crud.askDelete}
      />
      <QueueModal {...crud.form} initialValues={initialValues} />
      <ConfirmDialog
        {...crud.confirm}
        destructive
        title={deleting ? t('queues.deleteTitle', { name: deleting.name }) : ''}
      >
        {t('queues.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default QueuesPage
