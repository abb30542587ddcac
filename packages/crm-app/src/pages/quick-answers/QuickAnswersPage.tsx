import type { QuickAnswer } from '@desk/api-client'
import { useQuickAnswerMutations, useQuickAnswers } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  PageContainer,
  PageHeader,
  QuickAnswerModal,
  type QuickAnswerModalValues,
  QuickAnswersTable,
  useNotify,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'

/** /quickAnswers: search (500 ms debounce), infinite scroll, add and edit in the modal, delete after confirmation. */
export function QuickAnswersPage() {
  const t = useT()
  const notify = useNotify()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const { quickAnswers, hasMore, isLoading, isLoadingMore, error, loadMore, reload } = useQuickAnswers({ searchParam })
  const { createQuickAnswer, updateQuickAnswer, deleteQuickAnswer } = useQuickAnswerMutations()
  // `null`: closed; `'new'`: adding; a quick answer: editing it.
  const [editing, setEditing] = useState<QuickAnswer | 'new' | null>(null)
  const [deleting, setDeleting] = useState<QuickAnswer | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()
  const initialValues = useMemo(
    () => (editing && editing !== 'new' ? { shortcut: editing.shortcut, message: editing.message } : undefined),
    [editing],
  )

  const open = (target: QuickAnswer | 'new') => {
    formErrors.clear()
    setEditing(target)
  }

  const onSubmit = async (values: QuickAnswerModalValues) => {
    if (!editing) return
    setSubmitting(true)
    formErrors.clear()
    try {
      if (editing === 'new') await createQuickAnswer(values)
      else await updateQuickAnswer(editing.id, values)
      notify.success('toasts.quickAnswerSaved')
      setEditing(null)
    } catch (err) {
      formErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  const onConfirmDelete = async () => {
    if (!deleting) return
    setSubmitting(true)
    try {
      await deleteQuickAnswer(deleting.id)
      notify.success('toasts.quickAnswerDeleted')
      setDeleting(null)
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer>
      <PageHeader title={t('quickAnswers.title')} />
      <QuickAnswersTable
        quickAnswers={quickAnswers}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => open('new')}
        onEdit={open}
        onDelete={setDeleting}
        hasMore={hasMore}
        isLoading={isLoading || isLoadingMore}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onLoadMore={loadMore}
      />
      <QuickAnswerModal
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
        title={deleting ? t('quickAnswers.deleteTitle', { name: deleting.shortcut }) : ''}
        isConfirming={isSubmitting}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('quickAnswers.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default QuickAnswersPage
