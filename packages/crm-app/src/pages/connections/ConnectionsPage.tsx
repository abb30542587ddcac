import type { Connection, ConnectionDetail } from '@desk/api-client'
import {
  useConnectionDetail,
  useConnectionMutations,
  useConnections,
  useQueues,
  useSession,
  useWidgetSecretMutations,
} from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  type ConnectionModalValues,
  ConnectionsTable,
  PageContainer,
  PageHeader,
  QrCodeDialog,
  useNotify,
} from '@desk/ui'
import { lazy, useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { OnceOpened } from '../../lib/OnceOpened'
import { useCrudPage } from '../../lib/useCrudPage'
import { useT } from '../../lib/useT'
import { createBody, toModalValues, updateBody } from './internal/connectionForm'
import { useQrDialog } from './internal/useQrDialog'
import { useTelephonyTest } from './internal/useTelephonyTest'
import { WebChatEmbed } from './internal/WebChatEmbed'

/** The connection form, downloaded (with the form library and the schemas) when it first opens. */
const ConnectionModal = lazy(() =>
  import('@desk/ui/components/connection-modal').then(({ ConnectionModal }) => ({ default: ConnectionModal })),
)

/** The drivers whose settings come only with `GET /whatsapp/:id`: their form waits for it. */
const DETAIL_DRIVERS: string[] = ['cloud-api', 'webchat', 'telephony']

type Confirming = { kind: 'delete' | 'disconnect'; connection: Connection }

/**
 * /connections: the table with the session buttons each status allows (live over the socket), the QR
 * dialog, add/edit in the connection modal, and confirmations before disconnecting or deleting. Agents
 * see the table only: every action, session ones included, is for administrators.
 */
export function ConnectionsPage() {
  const t = useT()
  const notify = useNotify()
  const { isAdmin, isLoading: isSessionLoading } = useSession()
  const { connections, error, isLoading, reload } = useConnections()
  const { queues, error: queuesError, reload: reloadQueues } = useQueues()
  const actions = useConnectionMutations()
  const qr = useQrDialog(connections)
  const { setConnectionDetail } = useWidgetSecretMutations()
  const [embedding, setEmbedding] = useState<Connection | null>(null)

  const crud = useCrudPage<Connection, ConnectionModalValues, ConnectionDetail>({
    save: (values, target): Promise<ConnectionDetail> =>
      target === 'new'
        ? actions.createConnection(createBody(values))
        : actions.updateConnection(target.id, updateBody(values, initialValues)),
    onSaved: (saved) => void setConnectionDetail(saved),
    savedToast: 'toasts.connectionSaved',
  })
  const { editing } = crud
  const [confirming, setConfirming] = useState<Confirming | null>(null)
  const [isConfirming, setConfirmingBusy] = useState(false)
  // A Cloud API connection's, a web chat's or a telephony line's settings are not in the list: its form waits for `GET /whatsapp/:id`.
  const detailId =
    editing && editing !== 'new' && DETAIL_DRIVERS.includes(editing.driver ?? 'simulator') ? editing.id : null
  const detail = useConnectionDetail(detailId)
  const telephony = useTelephonyTest(editing && editing !== 'new' ? editing.id : undefined)
  const initialValues = useMemo<ConnectionModalValues | undefined>(
    () => (editing && editing !== 'new' ? toModalValues(detail.connection ?? editing) : undefined),
    [editing, detail.connection],
  )
  const hasWebChat = Boolean(connections?.some((c) => c.driver === 'webchat'))

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action()
      return true
    } catch (err) {
      notify.error(asUiError(err))
      return false
    }
  }

  const onConfirm = async () => {
    if (!confirming) return
    const { kind, connection } = confirming
    setConfirmingBusy(true)
    const done = await run(() =>
      kind === 'delete' ? actions.deleteConnection(connection.id) : actions.disconnect(connection.id),
    )
    setConfirmingBusy(false)
    if (!done) return
    notify.success(kind === 'delete' ? 'toasts.connectionDeleted' : 'toasts.connectionDisconnected')
    setConfirming(null)
  }

  const onNewQr = async (connection: Connection) => {
    if (await run(() => actions.newQr(connection.id))) qr.open(connection.id)
  }

  const confirmName = { name: confirming?.connection.name ?? '' }
  return (
    <PageContainer>
      <PageHeader title={t('nav.connections')} />
      {/* A failed load shows in the table with Retry; failed actions are toasts. */}
      <ConnectionsTable
        // Rows wait for the session: which buttons they carry depends on the profile.
        connections={isSessionLoading ? [] : (connections ?? [])}
        isLoading={isLoading || isSessionLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onAdd={isAdmin ? () => crud.open('new') : undefined}
        onEdit={isAdmin ? crud.open : undefined}
        onDelete={isAdmin ? (connection) => setConfirming({ kind: 'delete', connection }) : undefined}
        // The server refuses session actions to agents: their buttons are for administrators only.
        onShowQr={isAdmin ? (connection) => qr.open(connection.id) : undefined}
        onRetry={isAdmin ? (connection) => void run(() => actions.startSession(connection.id)) : undefined}
        onNewQr={isAdmin ? (connection) => void onNewQr(connection) : undefined}
        onDisconnect={isAdmin ? (connection) => setConfirming({ kind: 'disconnect', connection }) : undefined}
        onEmbed={isAdmin && hasWebChat ? setEmbedding : undefined}
      />
      <OnceOpened open={crud.form.open}>
        <ConnectionModal
          {...crud.form}
          initialValues={initialValues}
          queues={queues ?? []}
          isLoading={detailId !== null && !detail.connection && !detail.error}
          onTestTelephony={telephony.onTest}
          telephonyTest={telephony.result}
          loadError={queuesError || detail.error ? asUiError(queuesError ?? detail.error) : null}
          onRetryLoad={() => void (queuesError ? reloadQueues() : detail.reload())}
        />
      </OnceOpened>
      <WebChatEmbed connection={embedding} onClose={() => setEmbedding(null)} />
      <QrCodeDialog
        open={qr.connection !== undefined}
        qrcode={qr.qrcode}
        connectionName={qr.connection?.name}
        onClose={qr.close}
      />
      <ConfirmDialog
        open={confirming !== null}
        destructive
        title={t(
          confirming?.kind === 'delete' ? 'connections.deleteTitle' : 'connections.disconnectTitle',
          confirmName,
        )}
        confirmLabel={confirming?.kind === 'disconnect' ? t('connections.disconnect') : undefined}
        isConfirming={isConfirming}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
      >
        {t(confirming?.kind === 'delete' ? 'connections.deleteBody' : 'connections.disconnectBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default ConnectionsPage
