import type { ReplyWindowState, Ticket } from '@desk/api-client'
import { useApiClient, useSession, useTemplates } from '@desk/api-client/hooks'
import { formatTime, TemplatePicker, type TemplatePickerValue, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { useT } from '../../../lib/useT'

/**
 * The composer of a Cloud API ticket whose reply window is closed: the connection's approved templates, their
 * variables prefilled from the contact, the agent and the ticket, the preview, and Send.
 */
export function TemplateComposer({
  ticket,
  replyWindow,
  onSent,
}: {
  ticket: Ticket
  replyWindow: ReplyWindowState
  /** Called once the template went out. */
  onSent?: () => void
}) {
  const t = useT()
  const notify = useNotify()
  const client = useApiClient()
  const { user } = useSession()
  const { templates } = useTemplates(ticket.whatsappId)
  const [value, setValue] = useState<TemplatePickerValue>({ templateId: null, values: {} })
  const [sending, setSending] = useState(false)
  const now = new Date()
  const prefills = {
    name: ticket.contact.name,
    user: user?.name,
    date: now.toLocaleDateString(),
    protocol: ticket.protocol ?? undefined,
    ticket_id: String(ticket.id),
    queue: ticket.queue?.name,
    connection: ticket.whatsapp?.name,
  }
  const send = async () => {
    if (value.templateId === null) return
    setSending(true)
    try {
      await client.templates.send(ticket.id, { templateId: value.templateId, variables: value.values })
      setValue({ templateId: null, values: {} })
      onSent?.()
    } catch (error) {
      notify.error(asUiError(error))
    } finally {
      setSending(false)
    }
  }
  const status =
    replyWindow.state === 'open' || replyWindow.state === 'human-agent'
      ? t('templates.window.open', { time: formatTime(replyWindow.until) })
      : t('templates.window.closed')
  return (
    <TemplatePicker
      templates={templates}
      value={value}
      onChange={setValue}
      prefills={prefills}
      onSend={() => void send()}
      sending={sending}
      status={status}
    />
  )
}
