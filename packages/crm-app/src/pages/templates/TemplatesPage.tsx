import { useApiClient, useConnections, useTemplates } from '@desk/api-client/hooks'
import { PageContainer, PageHeader, TemplatesList, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'

/**
 * /templates (administrators): the message templates of a chosen WhatsApp Cloud API connection, each with
 * its status and a preview as the customer sees it, and Refresh, which reads them from the Business Account.
 */
export function TemplatesPage() {
  const t = useT()
  const notify = useNotify()
  const client = useApiClient()
  const {
    connections,
    error: connectionsError,
    isLoading: connectionsLoading,
    reload: reloadConnections,
  } = useConnections()
  const cloud = (connections ?? []).filter((c) => c.driver === 'cloud-api')
  const [chosen, setChosen] = useState<number | null>(null)
  const connectionId = chosen ?? cloud[0]?.id ?? null
  const { templates, error, isLoading, reload } = useTemplates(connectionId, { approvedOnly: false })
  const [refreshing, setRefreshing] = useState(false)
  const [refreshError, setRefreshError] = useState<ReturnType<typeof asUiError> | null>(null)

  const refresh = async () => {
    if (connectionId === null) return
    setRefreshing(true)
    setRefreshError(null)
    try {
      await client.templates.sync(connectionId)
      await reload()
      notify.success('templates.page.refreshed')
    } catch (err) {
      setRefreshError(asUiError(err))
    } finally {
      setRefreshing(false)
    }
  }

  const loadError = connectionsError ?? error
  return (
    <PageContainer>
      <PageHeader title={t('nav.templates')} />
      <TemplatesList
        connections={cloud}
        connectionId={connectionId}
        onConnectionChange={(id) => {
          setChosen(id)
          setRefreshError(null)
        }}
        templates={templates}
        isLoading={connectionsLoading || isLoading}
        error={loadError ? asUiError(loadError) : null}
        onReload={() => void (connectionsError ? reloadConnections() : reload())}
        onRefresh={connectionId === null ? undefined : () => void refresh()}
        refreshing={refreshing}
        refreshError={refreshError}
      />
    </PageContainer>
  )
}

export default TemplatesPage
