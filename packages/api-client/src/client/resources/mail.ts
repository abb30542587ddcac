import type {
  ExportFormat,
  MailOutboxResponse,
  MailQueuedResponse,
  MailSettings,
  MailSettingsUpdateRequest,
  MailState,
  TicketProtocolResponse,
} from '../../contract'
import { pathOf } from '../../contract/endpoints'
import type { FileFetcher } from './outreach'
import { type Requester, routeCaller } from './types'

/** Protocol close, the conversation export and e-mail, the SMTP settings and the outbox. */
export interface MailApi {
  /** Closes the ticket with a new protocol number, stated to the customer. */
  closeWithProtocol(ticketId: number): Promise<TicketProtocolResponse>
  /** `zdg.csv` or `ZDG.txt`. */
  exportConversation(ticketId: number, format: ExportFormat): Promise<Blob>
  /** The conversation by e-mail, to `to` or the contact's address. */
  emailConversation(ticketId: number, to?: string): Promise<MailQueuedResponse>
  settings(): Promise<MailSettings>
  updateSettings(body: MailSettingsUpdateRequest): Promise<MailSettings>
  test(to: string): Promise<{ ok: true }>
  outbox(state?: MailState): Promise<MailOutboxResponse>
  retry(id: number): Promise<MailQueuedResponse>
}

export const mailApi = (request: Requester, fetchFile: FileFetcher): MailApi => {
  const call = routeCaller(request)
  return {
    closeWithProtocol: (id) => call('ticketProtocol', { params: { id } }),
    exportConversation: (id, format) => fetchFile(`${pathOf('ticketExport', { id })}?format=${format}`),
    emailConversation: (id, to) => call('ticketEmail', { params: { id }, body: to ? { to } : {} }),
    settings: () => call('mailSettingsGet'),
    updateSettings: (body) => call('mailSettingsUpdate', { body }),
    test: (to) => call('mailTest', { body: { to } }),
    outbox: (state = 'failed') => call('mailOutbox', { query: { state } }),
    retry: (id) => call('mailRetry', { params: { id } }),
  }
}
