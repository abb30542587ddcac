import type { QuickAnswer } from '@desk/api-client'
import { useQuickAnswerMutations, useQuickAnswers } from '@desk/api-client/hooks'
import { ConfirmDialog, PageContainer, PageHeader, type QuickAnswerModalValues, QuickAnswersTable } from '@desk/ui'
import { lazy, useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { OnceOpened } from '../../lib/OnceOpened'
import { useCrudPage } from '../../lib/useCrudPage'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useT } from '../../lib/useT'

/** The quick answer form, downloaded (with the form library and the schemas) when it first opens. */
const QuickAnswerModal = lazy(() =>
  import('@desk/ui/components/quick-answer-modal').then(({ QuickAnswerModal }) => ({ default: QuickAnswerModal })),
)

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
      <OnceOpened open={crud.form.open}>
        <QuickAnswerModal {...crud.form} initialValues={initialValues} />
      </OnceOpened>
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
