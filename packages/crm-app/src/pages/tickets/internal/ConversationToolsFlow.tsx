import type { Ticket } from '@desk/api-client'
import { useConversationMail, useSession } from '@desk/api-client/hooks'
import {
  type ConversationExportFormat,
  ConversationTools,
  ProtocolDialog,
  type TicketAction,
  useConversationToolActions,
  useNotify,
} from '@desk/ui'
import { type ReactNode, useState } from 'react'
import { downloadBlob } from '../../../lib/downloadBlob'
import { asUiError } from '../../../lib/errors'

const FILE_NAMES: Record<ConversationExportFormat, string> = { csv: 'zdg.csv', txt: 'ZDG.txt' }

export interface ConversationToolsFlowProps {
  ticket: Ticket
  /** The header, given the same actions as menu items (the ticket's menu lists them on phones). */
  header: (tools: TicketAction[]) => ReactNode
}

/**
 * The conversation's export panel under the header: resolve with protocol (and its dialog), the exports, and
 * e-mail; on phones, where the panel is hidden, the header's menu offers them.
 */
export function ConversationToolsFlow({ ticket, header }: ConversationToolsFlowProps) {
  const notify = useNotify()
  const { user, isAdmin } = useSession()
  const mail = useConversationMail(ticket.id)
  const [busy, setBusy] = useState<ConversationExportFormat | 'email' | null>(null)
  const [asking, setAsking] = useState(false)
  const [resolving, setResolving] = useState(false)
  const [protocol, setProtocol] = useState<string | null>(null)
  const [emailOpen, setEmailOpen] = useState(false)
  const canResolve = ticket.status === 'open' && (isAdmin || ticket.userId === user?.id)

  const exportAs = async (format: ConversationExportFormat) => {
    setBusy(format)
    try {
      downloadBlob(await mail.exportConversation(format), FILE_NAMES[format])
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setBusy(null)
    }
  }
  const email = async (to: string) => {
    setBusy('email')
    try {
      await mail.emailConversation(to)
      notify.success('chatExport.queued')
      return true
    } catch (err) {
      notify.error(asUiError(err))
      return false
    } finally {
      setBusy(null)
    }
  }
  const resolve = async () => {
    setResolving(true)
    try {
      setProtocol((await mail.closeWithProtocol()).protocol)
    } catch (err) {
      notify.error(asUiError(err))
      setAsking(false)
    } finally {
      setResolving(false)
    }
  }
  const copy = async (number: string) => {
    try {
      await navigator.clipboard.writeText(number)
      notify.success('protocol.copied')
    } catch (err) {
      notify.error(asUiError(err))
    }
  }
  const close = () => {
    setAsking(false)
    setProtocol(null)
  }
  const tools = useConversationToolActions({
    canResolve,
    onResolveWithProtocol: () => setAsking(true),
    onExport: (format) => void exportAs(format),
    onEmail: () => setEmailOpen(true),
  })

  return (
    <>
      {header(tools)}
      <ConversationTools
        canResolve={canResolve}
        onResolveWithProtocol={() => setAsking(true)}
        onExport={exportAs}
        contactEmail={ticket.contact.email}
        onEmail={email}
        busy={busy}
        emailOpen={emailOpen}
        onEmailOpenChange={setEmailOpen}
      />
      <ProtocolDialog
        open={asking}
        protocol={protocol}
        isResolving={resolving}
        onConfirm={resolve}
        onCopy={copy}
        onClose={close}
      />
    </>
  )
}
