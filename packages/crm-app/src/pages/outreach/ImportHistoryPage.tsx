import { useOutreachMutations } from '@desk/api-client/hooks'
import { ImportHistoryForm, type ImportHistoryValues, PageContainer, PageHeader } from '@desk/ui'
import { useState } from 'react'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'
import { PageJobs } from './internal/PageJobs'
import { useDispatchField } from './internal/useDispatchConnections'

/** /ZDGHistorico: imports the connection's conversations as a job, followed live under the form. */
export function ImportHistoryPage() {
  const t = useT()
  const dispatch = useDispatchField()
  const { importHistory } = useOutreachMutations()
  const errors = useFormErrors()
  const [isSubmitting, setSubmitting] = useState(false)
  const [startedId, setStartedId] = useState<number | null>(null)

  const submit = async (values: ImportHistoryValues) => {
    setSubmitting(true)
    errors.clear()
    try {
      setStartedId((await importHistory(values)).id)
    } catch (error) {
      errors.fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer maxWidth="4xl">
      <PageHeader title={t('nav.outreach.importHistory')} />
      <ImportHistoryForm
        {...dispatch}
        onSubmit={(values) => void submit(values)}
        isSubmitting={isSubmitting}
        error={errors.error}
        fieldErrors={errors.fieldErrors}
      />
      <PageJobs kind="syncMessage" startedId={startedId} />
    </PageContainer>
  )
}

export default ImportHistoryPage
