import type { JobKind } from '@desk/api-client'
import { useConnections, useOutreachMutations, useTemplates } from '@desk/api-client/hooks'
import {
  BulkSendForm,
  type BulkSendValues,
  type BulkSendVariant,
  type DateInput,
  type MessageId,
  PageContainer,
  PageHeader,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { PageJobs } from './internal/PageJobs'
import { useDispatchField } from './internal/useDispatchConnections'

const PAGES: Record<BulkSendVariant, { kind: JobKind; title: MessageId }> = {
  text: { kind: 'bulkText', title: 'nav.outreach.bulkText' },
  media: { kind: 'bulkMedia', title: 'nav.outreach.bulkMedia' },
  file: { kind: 'bulkFile', title: 'nav.outreach.bulkFile' },
  audio: { kind: 'bulkAudio', title: 'nav.outreach.bulkAudio' },
}

export interface BulkSendPageProps {
  variant: BulkSendVariant
  /** "Now" for the form's estimate (stories pin it). */
  now?: DateInput
}

/**
 * /ZDG (text), /ZDGMedia (media by URL), /ZDGMedia2 (file by path) and /ZDGMedia3 (audio by path):
 * one submit is one job on the server (on a Cloud API connection, see docs/decisions.md for templates). Under the form, the job just started and this kind's others
 * not finished, live; the page may be closed while they run.
 */
export function BulkSendPage({ variant, now }: BulkSendPageProps) {
  const t = useT()
  const { kind, title } = PAGES[variant]
  const dispatch = useDispatchField()
  const { sendBulk, uploadFile } = useOutreachMutations()
  const errors = useFormErrors()
  const [isSubmitting, setSubmitting] = useState(false)
  const [startedId, setStartedId] = useState<number | null>(null)
  // On a WhatsApp Cloud API connection text and media choose one of its approved templates (or go to open
  // windows only); a file or an audio goes to open windows only, and the page links to the text page.
  const navigate = useNavigate()
  const { connections } = useConnections()
  const cloudIds = useMemo(
    () => (connections ?? []).filter((c) => c.driver === 'cloud-api').map((c) => c.id),
    [connections],
  )
  const takesTemplates = variant === 'text' || variant === 'media'
  const { templates } = useTemplates(takesTemplates && cloudIds.length > 0 ? 'all' : null)
  const officialApi = useMemo(
    () =>
      cloudIds.length > 0
        ? { connectionIds: cloudIds, templates, textPageHref: '/ZDG', onNavigate: (href: string) => navigate(href) }
        : undefined,
    [cloudIds, templates, navigate],
  )

  /** True once the job started: the form then clears its numbers and message. */
  const submit = async ({ startAt, ...values }: BulkSendValues): Promise<boolean> => {
    setSubmitting(true)
    errors.clear()
    try {
      const job = await sendBulk({ ...values, startAt: startAt ?? undefined })
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
      <PageHeader title={t(title)} />
      <BulkSendForm
        variant={variant}
        {...dispatch}
        onSubmit={submit}
        onUpload={variant === 'file' || variant === 'audio' ? uploadFile : undefined}
        isSubmitting={isSubmitting}
        error={errors.error}
        fieldErrors={errors.fieldErrors}
        now={now}
        officialApi={officialApi}
      />
      <PageJobs kind={kind} startedId={startedId} />
    </PageContainer>
  )
}

export default BulkSendPage
