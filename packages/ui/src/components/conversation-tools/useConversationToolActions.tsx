import { LuFileSpreadsheet, LuFileText, LuMail, LuStamp } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import type { TicketAction } from '../conversation'
import type { ConversationExportFormat } from './ConversationTools'

export interface ConversationToolActionsOptions {
  /** Lists "Resolve with protocol" (an open ticket the viewer may write on). */
  canResolve?: boolean
  onResolveWithProtocol?: () => void
  onExport: (format: ConversationExportFormat) => void
  /** Opens the e-mail dialog (`ConversationTools`' `emailOpen`). */
  onEmail: () => void
}

/**
 * The toolbar's actions as items of the ticket's menu (`Conversation.Header`'s `tools`), for phones where
 * `ConversationTools` is hidden: resolve with protocol, the two exports, and e-mail.
 */
export function useConversationToolActions(options: ConversationToolActionsOptions): TicketAction[] {
  const { canResolve, onResolveWithProtocol, onExport, onEmail } = options
  const t = useT()
  return [
    ...(canResolve && onResolveWithProtocol
      ? [
          {
            value: 'protocol',
            label: t('protocol.resolve'),
            icon: <LuStamp aria-hidden />,
            onSelect: onResolveWithProtocol,
          },
        ]
      : []),
    {
      value: 'csv',
      label: t('chatExport.csv'),
      icon: <LuFileSpreadsheet aria-hidden />,
      onSelect: () => onExport('csv'),
    },
    { value: 'txt', label: t('chatExport.txt'), icon: <LuFileText aria-hidden />, onSelect: () => onExport('txt') },
    { value: 'email', label: t('chatExport.email'), icon: <LuMail aria-hidden />, onSelect: onEmail },
  ]
}
