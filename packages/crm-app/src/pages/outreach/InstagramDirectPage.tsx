import { useConnections, useDirectEstimate, useOutreachMutations } from '@desk/api-client/hooks'
import { type DirectConnection, DirectSendForm, type DirectSendValues, PageContainer, PageHeader } from '@desk/ui'
import { useCallback, useMemo, useState } from 'react'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'
import { PageJobs } from './internal/PageJobs'

/**
 * /InstaDirect: the seed's Instagram direct page on the official API. While names are typed, the server says how
 * many can be messaged now and why the others cannot; one submit (once confirmed) is one `direct` job, 5 s plus a
 * random 0–10 s before each message, with the unreachable names skipped and their reasons on their rows.
 */
export function InstagramDirectPage() {
  const t = useT()
  const { connections } = useConnections()
  const { sendDirect } = useOutreachMutations()
  const errors = useFormErrors()
  const [isSubmitting, setSubmitting] = useState(false)
  const [startedId, setStartedId] = useState<number | null>(null)
  const [typed, setTyped] = useState<{ userIg: string; connectionId: number | null }>({
    userIg: '',
    connectionId: null,
  })
  const asked = useDebouncedValue(typed, 400)
  const { estimate } = useDirectEstimate(asked.userIg, asked.connectionId)
  const instagram = useMemo<DirectConnection[]>(
    () =>
      (connections ?? []).filter((c) => c.driver === 'instagram').map(({ id, name, status }) => ({ id, name, status })),
    [connections],
  )
  const onCheck = useCallback((userIg: string, connectionId: number | null) => setTyped({ userIg, connectionId }), [])

  const submit = async (values: DirectSendValues): Promise<boolean> => {
    setSubmitting(true)
    errors.clear()
    try {
      const job = await sendDirect(values)
      setStartedId(job.id)
      return true
    } catch (error) {
      errors.fail(error)
      return false
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer maxWidth="4xl">
      <PageHeader title={t('nav.outreach.instagram')} />
      {connections && (
        <DirectSendForm
          connections={instagram}
          estimate={estimate}
          onCheck={onCheck}
          onSubmit={submit}
          isSubmitting={isSubmitting}
          error={errors.error}
          fieldErrors={errors.fieldErrors}
        />
      )}
      <PageJobs kind="direct" startedId={startedId} />
    </PageContainer>
  )
}

export default InstagramDirectPage
