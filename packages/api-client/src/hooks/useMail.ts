import { useCallback, useMemo } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type { ExportFormat, MailOutboxItem, MailSettings, MailSettingsUpdateRequest } from '../contract'
import { useApiContext } from './context'
import { useDeskCache } from './useDeskCache'

const settingsKey = 'mailSettings'
const failedKey = ['mailOutbox', 'failed'] as const

/** The SMTP settings page (admins): the settings, the failed mails, save, test and retry. */
export function useMailSettings() {
  const { client } = useApiContext()
  const settings = useSWR<MailSettings, ApiError>(settingsKey, () => client.mail.settings())
  const failed = useSWR<MailOutboxItem[], ApiError>(failedKey, () => client.mail.outbox('failed'))
  const save = useCallback(
    async (body: MailSettingsUpdateRequest) => {
      const saved = await client.mail.updateSettings(body)
      await settings.mutate(saved, { revalidate: false })
      return saved
    },
    [client, settings.mutate],
  )
  const test = useCallback((to: string) => client.mail.test(to), [client])
  const retry = useCallback(
    async (id: number) => {
      await client.mail.retry(id)
      await failed.mutate()
    },
    [client, failed.mutate],
  )
  return {
    settings: settings.data,
    settingsError: settings.error,
    isLoading: settings.isLoading,
    failed: failed.data,
    failedError: failed.error,
    isLoadingFailed: failed.isLoading,
    reload: () => Promise.all([settings.mutate(), failed.mutate()]),
    save,
    test,
    retry,
  }
}

/** A conversation's protocol close, export files and e-mail. */
export function useConversationMail(ticketId: number) {
  const { client } = useApiContext()
  const { applyTicket } = useDeskCache()
  return useMemo(
    () => ({
      closeWithProtocol: async () => {
        const answer = await client.mail.closeWithProtocol(ticketId)
        applyTicket({ action: 'update', ticket: answer.ticket })
        return answer
      },
      exportConversation: (format: ExportFormat) => client.mail.exportConversation(ticketId, format),
      emailConversation: (to?: string) => client.mail.emailConversation(ticketId, to),
    }),
    [client, ticketId, applyTicket],
  )
}
