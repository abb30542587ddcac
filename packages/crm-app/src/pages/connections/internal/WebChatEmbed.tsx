import type { Connection } from '@desk/api-client'
import { useConnectionDetail, useWidgetSecret, useWidgetSecretMutations } from '@desk/api-client/hooks'
import { useNotify, WebChatEmbedDialog, type WebChatEmbedPanelProps } from '@desk/ui'
import { useState } from 'react'
import { deskOrigin } from '../../../lib/deskOrigin'
import { asUiError } from '../../../lib/errors'

interface WebChatEmbedProps {
  /** The web chat connection whose Embed dialog is open; null when it is closed. */
  connection: Connection | null
  onClose: () => void
}

/**
 * The Embed dialog of a web chat connection: its embed paths from `GET /whatsapp/:id`, the signing
 * secret fetched only once someone asks to see it, rotation (then shown at once), and Copy.
 */
export function WebChatEmbed({ connection, onClose }: WebChatEmbedProps) {
  const notify = useNotify()
  const id = connection?.id ?? null
  const detail = useConnectionDetail(id)
  const [revealed, setRevealed] = useState<number | null>(null)
  const secret = useWidgetSecret(revealed !== null && revealed === id ? id : null)
  const { rotateWidgetSecret } = useWidgetSecretMutations()
  const [isRotating, setRotating] = useState(false)
  const shown = revealed !== null && revealed === id

  const run = async (action: () => Promise<unknown>, success: Parameters<typeof notify.success>[0]) => {
    try {
      await action()
      notify.success(success)
    } catch (err) {
      notify.error(asUiError(err))
    }
  }

  const webChat = detail.connection?.webChat
  const embed: WebChatEmbedPanelProps | null =
    id !== null && webChat
      ? {
          connectionId: id,
          deskOrigin: deskOrigin(),
          loaderPath: webChat.loaderPath,
          framePath: webChat.framePath,
          secret: shown ? secret.secret?.secret : null,
          rotatedAt: shown ? secret.secret?.rotatedAt : null,
          isRevealing: shown && secret.isLoading,
          isRotating,
          secretError: shown && secret.error ? asUiError(secret.error) : null,
          onReveal: () => (shown ? void secret.reload() : setRevealed(id)),
          onHide: () => setRevealed(null),
          onRotate: async () => {
            setRotating(true)
            await run(async () => {
              await rotateWidgetSecret(id)
              setRevealed(id)
            }, 'toasts.widgetSecretRotated')
            setRotating(false)
          },
          onCopy: (text) => void run(() => navigator.clipboard.writeText(text), 'toasts.copied'),
        }
      : null
  return (
    <WebChatEmbedDialog
      open={connection !== null}
      onClose={() => {
        setRevealed(null)
        onClose()
      }}
      connectionName={connection?.name ?? ''}
      embed={embed}
      loadError={detail.error ? asUiError(detail.error) : null}
      onRetryLoad={() => void detail.reload()}
    />
  )
}
