import type { JobKind } from '@desk/api-client'
import { useOutreachMutations, useTelephonySenders } from '@desk/api-client/hooks'
import {
  PageContainer,
  PageHeader,
  type TelephonySender,
  TelephonySendForm,
  type TelephonySendValues,
  type TelephonySendVariant,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'
import { PageJobs } from './internal/PageJobs'

const KINDS: Record<TelephonySendVariant, JobKind> = { sms: 'sms', voice: 'voiceCall' }

export interface TelephonyPageProps {
  variant: TelephonySendVariant
}

/**
 * /SMS and /VoiceCall: one submit (once confirmed) is one job on the server, sent from a telephony
 * connection about 5 s a number. Under the form, the job just started and this kind's others not
 * finished, live, with their counters of messages or calls sent.
 */
export function TelephonyPage({ variant }: TelephonyPageProps) {
  const t = useT()
  const { senders: connections, error: sendersError, reload } = useTelephonySenders()
  const { sendSms, makeVoiceCall } = useOutreachMutations()
  const errors = useFormErrors()
  const [isSubmitting, setSubmitting] = useState(false)
  const [startedId, setStartedId] = useState<number | null>(null)
  const senders = useMemo<TelephonySender[]>(
    () => (connections ?? []).map(({ from, name, status }) => ({ from, name, status })),
    [connections],
  )

  /** True once the job started: the form then clears its numbers and message. */
  const submit = async (values: TelephonySendValues): Promise<boolean> => {
    setSubmitting(true)
    errors.clear()
    try {
      const job = await (variant === 'sms' ? sendSms(values) : makeVoiceCall(values))
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
      <PageHeader title={t(variant === 'sms' ? 'nav.outreach.sms' : 'nav.outreach.voiceCall')} />
      <TelephonySendForm
        variant={variant}
        senders={senders}
        sendersError={sendersError ? asUiError(sendersError) : null}
        onReloadSenders={() => void reload()}
        onSubmit={submit}
        isSubmitting={isSubmitting}
        error={errors.error}
        fieldErrors={errors.fieldErrors}
      />
      <PageJobs kind={KINDS[variant]} startedId={startedId} />
    </PageContainer>
  )
}

export default TelephonyPage
