import type { QuickAnswer } from '@desk/api-client'
import { useQuickAnswerMutations, useQuickAnswers } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  PageContainer,
  PageHeader,
  QuickAnswerModal,
  type QuickAnswerModalValues,
  QuickAnswersTable,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useCrudPage } from '../../lib/useCrudPage'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useT } from '../../lib/useT'

/** /quickAnswers: search (500 ms debounce), infinite scroll, add and edit in the modal, delete after confirmation. */
export function QuickAnswersPage() {
  const t = useT()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const { quickAnswers, hasMore, isLoading, isLoadingMore, error, loadMore, reload } = useQuickAnswers({ searchParam })
  const { createQuickAnswer, updateQuickAnswer, deleteQuickAnswer } = useQuickAnswerMutations()
  const crud = useCrudPage<QuickAnswer, QuickAnswerModalValues>({
    save: (values, target) => (target === 'new' ? createQuickAnswer(values) : updateQuickAnswer(target.id, values)),
    remove: (quickAnswer) => deleteQuickAnswer(quickAnswer.id),
    savedToast: 'toasts.quickAnswerSaved',
    deletedToast: 'toasts.quickAnswerDeleted',
  })
  const { editing, deleting } = crud
  const initialValues = useMemo(
    () => (editing && editing !== 'new' ? { shortcut: editing.shortcut, message: editing.message } : undefined),
    [editing],
  )

  return (
    <PageContainer>
      <PageHeader title={t('quickAnswers.title')} />
      <QuickAnswersTable
        quickAnswers={quickAnswers}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => crud.open('new')}
        onEdit={crud.open}
        onDelete={crud.askDelete}
        hasMore={hasMore}
        isLoading={isLoading || isLoadingMore}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onLoadMore={loadMore}
      />
      <QuickAnswerModal {...crud.form} initialValues={initialValues} />
      <ConfirmDialog
        {...crud.confirm}
        destructive
        title={deleting ? t('quickAnswers.deleteTitle', { name: deleting.shortcut }) : ''}
      >
        {t('quickAnswers.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default QuickAnswersPage
