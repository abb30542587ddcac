import type { Ticket } from '@desk/api-client'
import { useApiClient, useSession, useTemplates } from '@desk/api-client/hooks'
import { dateTimeSettings, formatDate, TemplatePicker, type TemplatePickerValue, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../../lib/errors'

/**
 * The composer of a Cloud API ticket whose reply window is closed: the connection's approved templates, their
 * variables prefilled from the contact, the agent and the ticket, the preview, and Send. The reply window's notice
 * above it says why (and until when); the picker does not repeat it.
 */
export function TemplateComposer({
  ticket,
  onSent,
}: {
  ticket: Ticket
  /** Called once the template went out. */
  onSent?: () => void
}) {
  const notify = useNotify()
  const client = useApiClient()
  const { user } = useSession()
  const { templates } = useTemplates(ticket.whatsappId)
  const [value, setValue] = useState<TemplatePickerValue>({ templateId: null, values: {} })
  const [sending, setSending] = useState(false)
  const prefills = {
    name: ticket.contact.name,
    user: user?.name,
    date: formatDate(dateTimeSettings.now()),
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
  return (
    <TemplatePicker
      templates={templates}
      value={value}
      onChange={setValue}
      prefills={prefills}
      onSend={() => void send()}
      sending={sending}
    />
  )
}
