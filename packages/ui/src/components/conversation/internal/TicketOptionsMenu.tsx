import { IconButton, Menu } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuArrowRightLeft, LuEllipsisVertical, LuTrash2 } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

/** A status transition of the ticket (Accept, Return, Resolve, Reopen). */
export interface TicketAction {
  value: string
  label: string
  icon: ReactNode
  onSelect?: () => void
}

interface TicketOptionsMenuProps {
  /** Shown first, above Transfer and Delete: the header's buttons, folded on narrow screens. */
  actions?: TicketAction[]
  /** After the status actions: the conversation's tools (protocol, exports, e-mail) where their toolbar is hidden. */
  tools?: TicketAction[]
  onTransfer?: () => void
  /** Shown only when `canDelete`. */
  onDelete?: () => void
  canDelete?: boolean
  disabled?: boolean
}

/** The ticket's options: the folded status actions and tools if any, Transfer, and Delete for those allowed to. */
export function TicketOptionsMenu(props: TicketOptionsMenuProps) {
  const { actions = [], tools = [], onTransfer, onDelete, canDelete, disabled } = props
  const t = useT()
  const select = (value: string) => {
    if (value === 'delete') onDelete?.()
    else if (value === 'transfer') onTransfer?.()
    else [...actions, ...tools].find((action) => action.value === value)?.onSelect?.()
  }
  const item = (action: TicketAction) => (
    <Menu.Item key={action.value} value={action.value}>
      {action.icon}
      {action.label}
    </Menu.Item>
  )
  return (
    <Menu.Root onSelect={({ value }) => select(value)}>
      <Menu.Trigger asChild>
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="gray"
          aria-label={t('conversation.options')}
          disabled={disabled}
        >
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content minWidth="40">
            {actions.map(item)}
            {actions.length > 0 && <Menu.Separator />}
            {tools.map(item)}
            {tools.length > 0 && <Menu.Separator />}
            <Menu.Item value="transfer">
              <LuArrowRightLeft aria-hidden />
              {t('conversation.transfer')}
            </Menu.Item>
            {canDelete && (
              <Menu.Item value="delete" color="fg.error">
                <LuTrash2 aria-hidden />
                {t('conversation.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
