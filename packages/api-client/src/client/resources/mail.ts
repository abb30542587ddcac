import type { ExportFormat, MailState } from '../../contract'
import { pathOf } from '../../contract/endpoints'
import type { FileFetcher } from './outreach'
import { type Requester, type RouteBody, routeCaller } from './types'

/** Protocol close, the conversation export and e-mail, the SMTP settings and the outbox. */
export const mailApi = (request: Requester, fetchFile: FileFetcher) => {
  const call = routeCaller(request)
  return {
    /** Closes the ticket with a new protocol number, stated to the customer. */
    closeWithProtocol: (ticketId: number) => call('ticketProtocol', { params: { id: ticketId } }),
    /** `zdg.csv` or `ZDG.txt`. */
    exportConversation: (ticketId: number, format: ExportFormat) =>
      fetchFile(`${pathOf('ticketExport', { id: ticketId })}?format=${format}`),
    /** The conversation by e-mail, to `to` or the contact's address. */
    emailConversation: (ticketId: number, to?: string) =>
      call('ticketEmail', { params: { id: ticketId }, body: to ? { to } : {} }),
    settings: () => call('mailSettingsGet'),
    updateSettings: (body: RouteBody<'mailSettingsUpdate'>) => call('mailSettingsUpdate', { body }),
    test: (to: string) => call('mailTest', { body: { to } }),
    outbox: (state: MailState = 'failed') => call('mailOutbox', { query: { state } }),
    retry: (id: number) => call('mailRetry', { params: { id } }),
  }
}
export type MailApi = ReturnType<typeof mailApi>
